/**
 * The web app's feature flags (issue 14, ADR 0039). Screens read a flag only through `useFlag`
 * (and a valued flag's string through `useFlagValue`), which answer the defaults (off, no value)
 * until the OpenFeature side (flags-runtime.ts, with our provider) has loaded, once the browser is
 * idle after the first paint: the SDK is not part of any screen's first load (issue 6's budget).
 * The flags are read again when the signed-in user changes, every `flagsRefreshSeconds` (30 s by
 * default) and when the window comes back into view, so an operator's change reaches an open page
 * within a minute without a reload. Each read also tells whether the server sees the user with
 * other roles, or refuses their token: the session is then renewed at once (a role change shows
 * within that time instead of at the next hourly token refresh).
 */
import type { FeatureFlag, ValuedFeatureFlag } from "@lumen/core";
import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { config } from "../../lib/config.ts";
import { whenIdle } from "../../lib/when-idle.ts";
import { importWhenOnline } from "../../offline/stale-chunk.ts";
import { type AuthState, useAuth } from "../auth/components/auth-provider.tsx";
import type { FlagsRuntime } from "./flags-runtime.ts";
import { rolesOutOfDate } from "./session-check.ts";

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

let runtime: FlagsRuntime | null = null;
let loading: Promise<FlagsRuntime> | null = null;
/** The auth state as last rendered, for the runtime's answers to be compared with. */
let auth: Pick<AuthState, "status" | "user" | "renewSession"> | null = null;
let renewing = false;

function renewSession() {
  const current = auth;
  if (current?.status !== "signedIn" || renewing) return;
  renewing = true;
  current
    .renewSession()
    .catch(() => {
      // Offline: the next read tries again.
    })
    .finally(() => {
      renewing = false;
    });
}

/**
 * The OpenFeature side, once. Offline before the service worker stored it, it waits for the
 * connection; a load that fails otherwise is forgotten (the flags keep their defaults) and the
 * next use asks again.
 */
function loadRuntime(): Promise<FlagsRuntime> {
  loading ??= importWhenOnline(() => import("./flags-runtime.ts")).then(
    ({ startFlagsRuntime }) => {
      runtime = startFlagsRuntime({
        onChange: notify,
        onCaller: (caller) => {
          if (rolesOutOfDate(auth?.user ?? null, caller)) renewSession();
        },
        onRefused: renewSession,
      });
      return runtime;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const keepDefaults = () => {
  // The flags' code did not load: every flag keeps its default until a later try.
};

/** Ask the server for the flags now (after the override cookie changed, say). */
export const refreshFlags = (): Promise<void> =>
  loadRuntime().then((r) => r.refresh(), keepDefaults);

export function FlagsProvider({ children }: { children: ReactNode }) {
  const state = useAuth();
  const { status, user } = state;
  const userId = user?.id ?? null;
  useEffect(() => {
    auth = state;
  });

  useEffect(() => {
    if (status === "initializing") return;
    return whenIdle(() => {
      void loadRuntime().then(
        (r) => r.setContext(userId ? { targetingKey: userId } : {}),
        keepDefaults,
      );
    });
  }, [status, userId]);

  useEffect(() => {
    const seconds = config.flagsRefreshSeconds ?? 30;
    const timer = window.setInterval(() => void runtime?.refresh(), seconds * 1000);
    const onVisible = () => {
      if (document.visibilityState === "visible") void runtime?.refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, []);

  return children;
}

/** Whether FLAG is on for this browser's user; off until the server has answered. */
export function useFlag(flag: FeatureFlag): boolean {
  return useSyncExternalStore(
    subscribe,
    () => runtime?.boolean(flag) ?? false,
    () => false,
  );
}

/** A valued flag's string for this browser's user (aiModelOverride: a model name), or null. */
export function useFlagValue(flag: ValuedFeatureFlag): string | null {
  return useSyncExternalStore(
    subscribe,
    () => runtime?.string(flag) ?? null,
    () => null,
  );
}
