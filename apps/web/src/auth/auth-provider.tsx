/**
 * The signed-in state for the whole app: restores a session from the stored refresh token,
 * keeps the ID token fresh, mirrors every token change to the product's session cookie
 * (/api/login, /api/logout), records the visit, and offers sign-in, sign-up and sign-out.
 */
import { SESSION_COOKIE_MAX_AGE_MS } from "@lumen/core";
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { track } from "../analytics/track.ts";
import { apiFetch, setTokenSource } from "./api-client.ts";
import { getAuthOptions, initAuth } from "./auth-module.ts";
import type { AuthOptions } from "./auth-options.ts";
import {
  AuthClientError,
  type AuthUser,
  identityClient,
  type SignedIn,
} from "./identity-client.ts";
import { clearLearnerTraces } from "./logout-cleanup.ts";
import { onIdTokenChanged } from "./token-change.ts";

export const WEB_AUTH_OPTIONS: AuthOptions = {
  clientConfig: { apiKey: "lumen-web" },
  loginAPIEndpoint: "/api/login",
  logoutAPIEndpoint: "/api/logout",
  cookies: { maxAge: SESSION_COOKIE_MAX_AGE_MS },
};

const REFRESH_TOKEN_KEY = "lumen-refresh-token";
/** Refresh this long before the one-hour ID token runs out. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export type AuthStatus = "initializing" | "signedIn" | "signedOut";

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** Why the last session ended on its own (expired, disabled), for the login screen. */
  endedBecause: string | null;
  signIn(input: { email: string; password: string }): Promise<AuthUser>;
  signUp(input: { email: string; password: string; displayName?: string }): Promise<AuthUser>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

function tokenExpiry(idToken: string): number {
  try {
    const payload = JSON.parse(
      atob((idToken.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")),
    ) as { exp?: number };
    return (payload.exp ?? 0) * 1000;
  } catch {
    return 0;
  }
}

const storage = {
  get: () => {
    try {
      return localStorage.getItem(REFRESH_TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set: (token: string | null) => {
    try {
      if (token) localStorage.setItem(REFRESH_TOKEN_KEY, token);
      else localStorage.removeItem(REFRESH_TOKEN_KEY);
    } catch {
      // Private mode without storage: the session lasts as long as the tab.
    }
  },
};

export function AuthProvider({
  children,
  options = WEB_AUTH_OPTIONS,
}: {
  children: ReactNode;
  options?: AuthOptions;
}) {
  useMemo(() => initAuth(options), [options]);
  const [status, setStatus] = useState<AuthStatus>("initializing");
  const [user, setUser] = useState<AuthUser | null>(null);
  const [endedBecause, setEndedBecause] = useState<string | null>(null);
  const idToken = useRef<{ token: string; expiresAt: number } | null>(null);
  const refreshing = useRef<Promise<string | null> | null>(null);

  const changeToken = useCallback(async (token: string | null) => {
    idToken.current = token ? { token, expiresAt: tokenExpiry(token) } : null;
    await onIdTokenChanged(token, getAuthOptions());
  }, []);

  const endSession = useCallback(
    async (reason: string | null) => {
      storage.set(null);
      setUser(null);
      setEndedBecause(reason);
      setStatus("signedOut");
      await changeToken(null);
    },
    [changeToken],
  );

  const refresh = useCallback(async (): Promise<string | null> => {
    const stored = storage.get();
    if (!stored) return null;
    refreshing.current ??= identityClient
      .refresh(stored)
      .then(async (tokens) => {
        storage.set(tokens.refreshToken);
        await changeToken(tokens.idToken);
        return tokens.idToken;
      })
      .catch(async (error: unknown) => {
        if (error instanceof AuthClientError && error.code !== "auth/network-request-failed") {
          await endSession(error.code);
          return null;
        }
        throw error;
      })
      .finally(() => {
        refreshing.current = null;
      });
    return refreshing.current;
  }, [changeToken, endSession]);

  const freshToken = useCallback(async () => {
    const current = idToken.current;
    if (current && current.expiresAt - Date.now() > REFRESH_MARGIN_MS) return current.token;
    return refresh();
  }, [refresh]);

  useEffect(() => setTokenSource(freshToken), [freshToken]);

  // Start-up: restore the session, or tell the server there is none.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const token = await refresh();
        if (cancelled) return;
        if (!token) {
          if (storage.get() === null) {
            setStatus("signedOut");
            await changeToken(null);
          }
          return;
        }
        const me = await identityClient.me(token);
        if (cancelled) return;
        setUser(me);
        setStatus("signedIn");
        apiFetch("/v1/user/visits", {
          method: "POST",
          body: JSON.stringify({ appName: "web" }),
        }).catch(() => {
          // A lost visit is not worth disturbing the learner for.
        });
      } catch {
        if (!cancelled) setStatus("signedOut");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [refresh, changeToken]);

  // Keep the ID token (and so the session cookie) fresh while the tab is open.
  useEffect(() => {
    if (status !== "signedIn") return;
    const timer = setInterval(() => {
      freshToken().catch(() => {
        // Offline: the next call tries again.
      });
    }, 60_000);
    return () => clearInterval(timer);
  }, [status, freshToken]);

  const adopt = useCallback(
    async (signedIn: SignedIn) => {
      storage.set(signedIn.refreshToken);
      await changeToken(signedIn.idToken);
      setUser(signedIn.user);
      setEndedBecause(null);
      setStatus("signedIn");
      return signedIn.user;
    },
    [changeToken],
  );

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      endedBecause,
      signIn: async (input) => {
        const user = await adopt(await identityClient.signIn(input));
        track("login");
        return user;
      },
      signUp: async (input) => {
        const user = await adopt(await identityClient.signUp(input));
        track("signup");
        return user;
      },
      signOut: async () => {
        clearLearnerTraces();
        await endSession(null);
      },
    }),
    [status, user, endedBecause, adopt, endSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error("useAuth must be used within an AuthProvider.");
  return state;
}
