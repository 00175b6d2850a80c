/**
 * The web app's feature flags (issue 14): OpenFeature with our provider (lumen-web-provider.ts).
 * The flags are read at start and again when the signed-in user changes, every
 * `flagsRefreshSeconds` (30 s by default) and when the window comes back into view, so that an
 * operator's change reaches an open page within a minute without a reload. Screens read a flag
 * only through `useFlag`.
 */
import type { FeatureFlag } from "@lumen/core";
import {
  type EvaluationContext,
  OpenFeature,
  OpenFeatureProvider,
  useBooleanFlagValue,
} from "@openfeature/react-sdk";
import { type ReactNode, useEffect } from "react";
import { config } from "../../lib/config.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { LumenWebProvider } from "./lumen-web-provider.ts";

const provider = new LumenWebProvider();
let installed = false;

/** Ask the server for the flags now (after the override cookie changed, say). */
export const refreshFlags = (): Promise<void> => provider.refresh();

export function FlagsProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (status === "initializing") return;
    const context: EvaluationContext = userId ? { targetingKey: userId } : {};
    if (!installed) {
      installed = true;
      void OpenFeature.setProviderAndWait(provider, context);
    } else {
      void OpenFeature.setContext(context);
    }
  }, [status, userId]);

  useEffect(() => {
    const seconds = config.flagsRefreshSeconds ?? 30;
    const timer = window.setInterval(() => void provider.refresh(), seconds * 1000);
    const onVisible = () => {
      if (document.visibilityState === "visible") void provider.refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, []);

  return <OpenFeatureProvider>{children}</OpenFeatureProvider>;
}

/** Whether FLAG is on for this browser's user; off until the server has answered. */
export function useFlag(flag: FeatureFlag): boolean {
  return useBooleanFlagValue(flag, false);
}
