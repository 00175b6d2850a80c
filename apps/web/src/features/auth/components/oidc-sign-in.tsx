/**
 * "Continue with …" on the login and register screens (issue 19): one link per provider the
 * server offers (none, none shown), and the screen's part when the provider sends the learner
 * back: the one-time code in the fragment is traded for the session, which the auth provider
 * adopts as any sign-in (so /api/login sets the session cookie and the gate goes on to
 * redirectUrl), or the failure's code becomes a sentence above the form.
 */
import { useEffect, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { buttonClasses } from "../../../ui/index.ts";
import { oidcClient, oidcStartHref } from "../api/oidc-client.ts";
import { authConfig } from "../lib/auth-config.ts";
import { authErrorMessage } from "../lib/error-messages.ts";
import { readOidcFragment, withoutFragment } from "../lib/oidc-fragment.ts";
import { useAuth } from "./auth-provider.tsx";

export function OidcButtons({ redirectUrl }: { redirectUrl: string | undefined }) {
  const providers = authConfig.oidcProviders;
  if (providers.length === 0) return null;
  return (
    <div className="mt-5 flex flex-col gap-3">
      <p className="flex items-center gap-3 text-sm text-slate-500 dark:text-slate-400">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </p>
      {providers.map((provider) => (
        <a
          key={provider.id}
          href={oidcStartHref(provider.id, redirectUrl)}
          className={buttonClasses({ variant: "secondary", size: "xl", className: "w-full" })}
        >
          Continue with {provider.name}
        </a>
      ))}
    </div>
  );
}

/**
 * The callback's outcome on this screen: `busy` while the session is fetched, `error` as the
 * sentence to show. `event` is what a finished sign-in counts as (register: a sign-up).
 */
export function useOidcLanding(event: "login" | "signup"): { busy: boolean; error: string | null } {
  const { replaceSession } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const found = readOidcFragment(window.location.hash);
    if (!found) return;
    // The code is good once: out of the address bar, the history and any bookmark.
    history.replaceState(history.state, "", withoutFragment(window.location));
    if (found.error) setError(authErrorMessage(found.error).text);
    if (!found.handoff) return;
    setBusy(true);
    oidcClient
      .redeem(found.handoff)
      .then(async (signedIn) => {
        await replaceSession(signedIn);
        track(event);
      })
      .catch((failure: unknown) => {
        setError(authErrorMessage(failure instanceof ApiError ? failure.code : "unknown").text);
        setBusy(false);
      });
  }, [replaceSession, event]);
  return { busy, error };
}
