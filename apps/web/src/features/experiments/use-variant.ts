/**
 * `useVariant(name)`: the variant of an experiment this visitor or learner sees (issue 14), and
 * the record of its exposure, sent once, when a component first renders a running experiment's
 * variant (the server keeps only the first exposure of a subject anyway).
 */
import type { ExperimentName, VariantOf } from "@lumen/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { assignmentsQuery, postExposure } from "./api.ts";

export interface VariantState<N extends ExperimentName> {
  variant: VariantOf<N>;
  /** False while the assignment loads: render a placeholder rather than flash the original. */
  ready: boolean;
}

/** Exposures sent from this page, by experiment and subject. */
const sent = new Set<string>();

/**
 * `enabled: false` (a screen that does not show the experiment to this user, e.g. the landing page
 * to a signed-in learner): the original, ready at once, and no exposure.
 */
export function useVariant<N extends ExperimentName>(
  name: N,
  options: { enabled?: boolean } = {},
): VariantState<N> {
  const enabled = options.enabled ?? true;
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery({
    ...assignmentsQuery(userId),
    enabled: enabled && status !== "initializing",
  });
  const assigned = enabled ? (query.data?.variants[name] as VariantOf<N> | undefined) : undefined;
  const running = enabled && (query.data?.active.includes(name) ?? false);
  const variant = (assigned ?? "original") as VariantOf<N>;

  useEffect(() => {
    if (!running || !assigned) return;
    const key = `${name}:${userId ?? "visitor"}`;
    if (sent.has(key)) return;
    sent.add(key);
    postExposure(name, assigned).catch(() => {
      // Best effort, like analytics: a lost exposure must never disturb the page. Allow a retry.
      sent.delete(key);
    });
  }, [name, assigned, running, userId]);

  if (!enabled) return { variant, ready: true };
  return { variant, ready: status !== "initializing" && !query.isPending };
}
