/**
 * The profile's sign-in methods (issue 19): the password (set or not) and the hosted providers,
 * each linked one with Unlink and each configured one with Link. Linking goes to the provider and
 * comes back here (`#oidcLinked=<id>` or `#oidcError=<code>`). The server refuses to unlink the
 * last way in; the sentence says what to do instead. Shown only where a provider is configured or
 * one is linked.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isApiError } from "../../../lib/api-error.ts";
import { Button } from "../../../ui/index.ts";
import { oidcClient } from "../../auth/api/oidc-client.ts";
import { authConfig } from "../../auth/lib/auth-config.ts";
import { authErrorMessage } from "../../auth/lib/error-messages.ts";
import { readOidcFragment, withoutFragment } from "../../auth/lib/oidc-fragment.ts";
import { accountErrorText } from "../lib/error-text.ts";
import { Outcome, Section } from "./parts.tsx";

const IDENTITIES_KEY = ["me", "identities"] as const;
const PROFILE = "/web/profile";

const errorText = (error: unknown) =>
  isApiError(error) &&
  error.code.startsWith("auth/") &&
  error.code !== "auth/network-request-failed"
    ? authErrorMessage(error.code).text
    : accountErrorText(error);

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });

/** What the provider's callback said, read once from the address and then dropped from it. */
function useLinkOutcome(names: Map<string, string>) {
  const [outcome, setOutcome] = useState<{ ok?: string; error?: string }>({});
  useEffect(() => {
    const found = readOidcFragment(window.location.hash);
    if (!found) return;
    history.replaceState(history.state, "", withoutFragment(window.location));
    if (found.error) setOutcome({ error: authErrorMessage(found.error).text });
    else if (found.linked) {
      const name = names.get(found.linked) ?? found.linked;
      setOutcome({ ok: `${name} is linked. You can sign in with it from now on.` });
    }
  }, [names]);
  return [outcome, setOutcome] as const;
}

export function SignInMethodsSection() {
  const queryClient = useQueryClient();
  const identities = useQuery({ queryKey: IDENTITIES_KEY, queryFn: oidcClient.identities });
  const [names] = useState(
    () => new Map(authConfig.oidcProviders.map((p) => [p.id, p.name] as const)),
  );
  const [outcome, setOutcome] = useLinkOutcome(names);
  const [busy, setBusy] = useState<string | null>(null);

  const data = identities.data;
  if (authConfig.oidcProviders.length === 0 && !data?.linked.length) return null;

  async function link(providerId: string) {
    setBusy(providerId);
    setOutcome({});
    try {
      window.location.assign(await oidcClient.link(providerId, PROFILE));
    } catch (error) {
      setOutcome({ error: errorText(error) });
      setBusy(null);
    }
  }

  async function unlink(providerId: string, name: string) {
    setBusy(providerId);
    setOutcome({});
    try {
      await oidcClient.unlink(providerId);
      setOutcome({ ok: `${name} is unlinked.` });
      await queryClient.invalidateQueries({ queryKey: IDENTITIES_KEY });
    } catch (error) {
      setOutcome({ error: errorText(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section
      id="profile-sign-in"
      title="Sign-in methods"
      description="The ways you can sign in to this account. Keep at least one."
    >
      {identities.error ? (
        <Outcome
          error={`Your sign-in methods could not be loaded. ${errorText(identities.error)}`}
        />
      ) : !data ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading your sign-in methods…
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          <li className="flex items-center justify-between gap-4 py-3 first:pt-0">
            <span>
              <span className="block font-semibold">Password</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {data.hasPassword
                  ? "Set. Change it below."
                  : "Not set. To set one, sign out and use \u201cForgot your password?\u201d."}
              </span>
            </span>
          </li>
          {data.linked.map((linked) => (
            <li key={linked.provider} className="flex items-center justify-between gap-4 py-3">
              <span>
                <span className="block font-semibold">{linked.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {linked.email ? `${linked.email}, linked` : "Linked"} {dateText(linked.linkedAt)}
                </span>
              </span>
              <Button
                variant="danger"
                size="md"
                pending={busy === linked.provider}
                disabled={busy !== null && busy !== linked.provider}
                onClick={() => unlink(linked.provider, linked.name)}
              >
                Unlink {linked.name}
              </Button>
            </li>
          ))}
          {data.available.map((provider) => (
            <li key={provider.id} className="flex items-center justify-between gap-4 py-3">
              <span>
                <span className="block font-semibold">{provider.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">Not linked</span>
              </span>
              <Button
                pending={busy === provider.id}
                disabled={busy !== null && busy !== provider.id}
                onClick={() => link(provider.id)}
              >
                Link {provider.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Outcome {...outcome} />
    </Section>
  );
}
