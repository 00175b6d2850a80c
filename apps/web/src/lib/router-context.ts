/**
 * What every route loader is handed (ADR 0025): the query client, and who is signed in as the
 * auth provider last rendered it. Loaders run outside React, so the provider's state reaches them
 * through this small source, which main.tsx keeps up to date.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { AuthStatus } from "../features/auth/components/auth-provider.tsx";

export interface AuthSnapshot {
  status: AuthStatus;
  userId: string | null;
}

export interface AuthSource {
  /** The state right now; "initializing" until a stored session is restored or refused. */
  current(): AuthSnapshot;
  /** The first state that is not "initializing": for a loader that cannot decide before it. */
  settled(): Promise<AuthSnapshot>;
}

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthSource;
}

export function createAuthSource(): AuthSource & { update(next: AuthSnapshot): void } {
  let snapshot: AuthSnapshot = { status: "initializing", userId: null };
  const waiting = new Set<(snapshot: AuthSnapshot) => void>();
  return {
    current: () => snapshot,
    settled: () =>
      snapshot.status === "initializing"
        ? new Promise((resolve) => waiting.add(resolve))
        : Promise.resolve(snapshot),
    update(next) {
      snapshot = next;
      if (next.status === "initializing") return;
      for (const resolve of waiting) resolve(next);
      waiting.clear();
    },
  };
}
