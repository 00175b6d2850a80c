/**
 * What a screen shows for each auth state (spec section 4, issue 3). When signed in: render, a
 * loader, nothing, redirect to login or redirect to the app (only once the auth request has
 * completed). When signed out, before or after start-up: render, a loader, or redirect to login
 * with the current URL as redirectUrl.
 */
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { type ComponentType, type ReactNode, useEffect, useRef } from "react";
import { destinationAfterLogin } from "../lib/after-login.ts";
import { authConfig } from "../lib/auth-config.ts";
import { type AuthStatus, useAuth } from "./auth-provider.tsx";

export type WhenAuthed = "render" | "loader" | "nothing" | "redirectToLogin" | "redirectToApp";
export type WhenUnauthed = "render" | "loader" | "redirectToLogin";

export interface GateOptions {
  whenAuthed?: WhenAuthed;
  whenUnauthedBeforeInit?: WhenUnauthed;
  whenUnauthedAfterInit?: WhenUnauthed;
}

export type GateOutcome = "render" | "loader" | "nothing" | "redirectToLogin" | "redirectToApp";

/** The pure decision: what to do for this state with these options. */
export function gateOutcome(status: AuthStatus, options: GateOptions): GateOutcome {
  if (status === "signedIn") return options.whenAuthed ?? "render";
  if (status === "initializing") return options.whenUnauthedBeforeInit ?? "render";
  return options.whenUnauthedAfterInit ?? "render";
}

export const PROTECTED: GateOptions = {
  whenAuthed: "render",
  whenUnauthedBeforeInit: "loader",
  whenUnauthedAfterInit: "redirectToLogin",
};

export const SIGNED_OUT_ONLY: GateOptions = {
  whenAuthed: "redirectToApp",
  whenUnauthedBeforeInit: "render",
  whenUnauthedAfterInit: "render",
};

function Loader() {
  return (
    <p role="status" className="py-16 text-center text-slate-500 dark:text-slate-400">
      Checking your session…
    </p>
  );
}

export function AuthGate({
  options,
  via,
  children,
}: {
  options: GateOptions;
  /**
   * Redirect to the app through this screen, which is handed the redirectUrl and decides: the
   * register screen's /onboarding-check (issue 16), so a new account meets the onboarding chat.
   */
  via?: "/onboarding-check";
  children: ReactNode;
}) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  const outcome = gateOutcome(status, options);
  const redirectUrl = (location.search as { redirectUrl?: string }).redirectUrl;

  // Once per outcome: while the next screen loads, this one stays mounted under the new URL,
  // whose search no longer has the redirectUrl.
  const redirected = useRef<GateOutcome | null>(null);
  useEffect(() => {
    if (outcome !== "redirectToLogin" && outcome !== "redirectToApp") {
      redirected.current = null;
      return;
    }
    if (redirected.current === outcome) return;
    redirected.current = outcome;
    if (outcome === "redirectToLogin") {
      navigate({ to: "/web/login", search: { redirectUrl: location.href }, replace: true });
    } else if (outcome === "redirectToApp" && via) {
      navigate({ to: via, search: { redirectUrl }, replace: true });
    } else if (outcome === "redirectToApp") {
      const to = destinationAfterLogin(redirectUrl, {
        allowedHosts: authConfig.allowedRedirectHosts,
        currentOrigin: window.location.origin,
        allowDevHosts: authConfig.devRedirectHosts,
      });
      if (/^https?:/i.test(to)) window.location.assign(to);
      else navigate({ href: to, replace: true });
    }
  }, [outcome, navigate, location.href, redirectUrl, via]);

  if (outcome === "render") return <>{children}</>;
  if (outcome === "loader") return <Loader />;
  return null;
}

/** A route component shown only to signed-in users. */
export function protectedScreen<P extends object>(
  Screen: ComponentType<P>,
  options: GateOptions = PROTECTED,
) {
  function Protected(props: P) {
    return (
      <AuthGate options={options}>
        <Screen {...props} />
      </AuthGate>
    );
  }
  Protected.displayName = `Protected(${Screen.displayName ?? Screen.name ?? "Screen"})`;
  return Protected;
}
