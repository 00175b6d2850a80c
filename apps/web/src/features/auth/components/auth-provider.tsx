/**
 * The signed-in state for the whole app: restores a session from the stored refresh token,
 * keeps the ID token fresh, mirrors every token change to the product's session cookie
 * (/api/login, /api/logout), records the visit, and offers sign-in, sign-up and sign-out.
 * Offline at start-up, a learner with a stored session stays signed in as the last known user
 * (their drafts are theirs, not the anonymous learner's) until the connection returns.
 */
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
import { track } from "../../../analytics/track.ts";
import { apiFetch, setTokenSource } from "../../../lib/api-client.ts";
import { closeSessionWork, openSessionWork } from "../../../lib/session-work.ts";
import type { AuthUser, SignedIn } from "../api/identity-client.ts";
import { authConfig } from "../lib/auth-config.ts";
import { getAuthOptions, initAuth } from "../lib/auth-module.ts";
import { type AuthOptions, webAuthOptions } from "../lib/auth-options.ts";
import { clearLearnerTraces } from "../lib/logout-cleanup.ts";
import { onIdTokenChanged } from "../lib/token-change.ts";

/** The options for the provider the server named, checked by initAuth (spec section 5). */
export const WEB_AUTH_OPTIONS: AuthOptions = webAuthOptions(authConfig.provider);

const REFRESH_TOKEN_KEY = "lumen-refresh-token";
/** The last user /v1/me answered, so that a start-up without network keeps the learner. */
export const LAST_USER_KEY = "lumen-last-user";
const NETWORK_FAILED = "auth/network-request-failed";

// The identity client (and its response schemas) is not needed for the first paint.
const identity = () => import("../lib/identity-provider.ts").then((m) => m.loadIdentityClient());

// By name, not instanceof: lib/api-error.ts stays out of the first paint's code.
const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && error.name === "ApiError"
    ? (error as Error & { code: string }).code
    : undefined;
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
  /** The account changed on the server (name, photo, address, verified): show it everywhere. */
  updateUser(user: AuthUser): void;
  /** A new session for this device, as a password change answers: the old one has ended. */
  replaceSession(signedIn: SignedIn): Promise<void>;
  /**
   * The server sees this user otherwise (other roles, or it refused the ID token): renew the ID
   * token now and read the account again. A session ended on the server ends here too.
   */
  renewSession(): Promise<void>;
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

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // Private mode without storage: the session lasts as long as the tab.
  }
}

const storage = {
  get: () => readItem(REFRESH_TOKEN_KEY),
  set: (token: string | null) => writeItem(REFRESH_TOKEN_KEY, token),
};

const lastUser = {
  get: (): AuthUser | null => {
    try {
      const user = JSON.parse(readItem(LAST_USER_KEY) ?? "null") as AuthUser | null;
      return user && typeof user.id === "string" && Array.isArray(user.claims?.roles) ? user : null;
    } catch {
      return null;
    }
  },
  set: (user: AuthUser | null) => writeItem(LAST_USER_KEY, user ? JSON.stringify(user) : null),
};

export function AuthProvider({
  children,
  options = WEB_AUTH_OPTIONS,
}: {
  children: ReactNode;
  options?: AuthOptions;
}) {
  useMemo(() => initAuth(options), [options]);
  // With no stored session there is nothing to restore: the first render is already signed out,
  // so screens draw their content at once instead of a loading state and then a second render.
  const [status, setStatus] = useState<AuthStatus>(() =>
    storage.get() === null ? "signedOut" : "initializing",
  );
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
      lastUser.set(null);
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
    refreshing.current ??= identity()
      .then((client) => client.refresh(stored))
      .then(async (tokens) => {
        storage.set(tokens.refreshToken);
        await changeToken(tokens.idToken);
        return tokens.idToken;
      })
      .catch(async (error: unknown) => {
        const code = errorCode(error);
        if (code && code !== NETWORK_FAILED) {
          await endSession(code);
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

  // Start-up: restore the session, or tell the server there is none. Without a network, a
  // stored session stays signed in as the last known user, and restoring runs again online.
  useEffect(() => {
    let cancelled = false;
    let waitingForNetwork = false;
    const restore = async () => {
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
        const me = await (await identity()).me(token);
        if (cancelled) return;
        lastUser.set(me);
        setUser(me);
        setStatus("signedIn");
        apiFetch("/v1/user/visits", {
          method: "POST",
          body: JSON.stringify({ appName: "web" }),
        }).catch(() => {
          // A lost visit is not worth disturbing the learner for.
        });
      } catch (error) {
        if (cancelled) return;
        const offline =
          storage.get() !== null && (errorCode(error) ?? NETWORK_FAILED) === NETWORK_FAILED;
        const known = offline ? lastUser.get() : null;
        waitingForNetwork = offline;
        if (known) {
          setUser((current) => current ?? known);
          setStatus("signedIn");
        } else {
          setStatus((current) => (current === "signedIn" ? current : "signedOut"));
        }
      }
    };
    const online = () => {
      if (!waitingForNetwork) return;
      waitingForNetwork = false;
      void restore();
    };
    addEventListener("online", online);
    void restore();
    return () => {
      cancelled = true;
      removeEventListener("online", online);
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
      openSessionWork();
      storage.set(signedIn.refreshToken);
      lastUser.set(signedIn.user);
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
        const user = await adopt(await (await identity()).signIn(input));
        track("login");
        return user;
      },
      signUp: async (input) => {
        const user = await adopt(await (await identity()).signUp(input));
        track("signup");
        return user;
      },
      signOut: async () => {
        clearLearnerTraces();
        // Background work on this session (settings sync) finishes before the session ends.
        await closeSessionWork();
        await endSession(null);
      },
      updateUser: (next) => {
        lastUser.set(next);
        setUser(next);
      },
      replaceSession: async (signedIn) => {
        await adopt(signedIn);
      },
      renewSession: async () => {
        const token = await refresh();
        if (!token) return;
        const me = await (await identity()).me(token);
        if (storage.get() === null) return;
        lastUser.set(me);
        setUser(me);
      },
    }),
    [status, user, endedBecause, adopt, endSession, refresh],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error("useAuth must be used within an AuthProvider.");
  return state;
}
