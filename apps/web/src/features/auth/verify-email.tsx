/**
 * /web/verify-email: the page a mail's link opens (issue 13, item 10). It spends the code in the
 * link's fragment (never sent to a server in the request or a Referer) to confirm the address,
 * or to finish an email change, and says what happened: done, expired (ask for a new link), or
 * not valid or already used. Signed in or not: the link may be opened on another device.
 */
import type { ActionMode } from "@lumen/contracts";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { Alert, Button, Card } from "../../ui/index.ts";
import { verificationClient } from "./api/verification-client.ts";
import { useAuth } from "./components/auth-provider.tsx";
import { resendRefusal } from "./components/verify-email-banner.tsx";
import { parseActionLink } from "./lib/verification.ts";

type Outcome =
  | { kind: "working" }
  | { kind: "missing" }
  | { kind: "confirmed"; mode: ActionMode; email: string | null }
  | { kind: "expired"; mode: ActionMode }
  | { kind: "invalid"; mode: ActionMode }
  | { kind: "taken" }
  | { kind: "failed"; mode: ActionMode; code: string; message: string };

/** Reads the link once, then takes it out of the address bar (and so out of history). */
function useActionLink() {
  const [link] = useState(() => parseActionLink(window.location.hash));
  useEffect(() => {
    if (window.location.hash) {
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
    }
  }, []);
  return link;
}

/**
 * A code is good once: one request per link and attempt, however often the effect runs (React's
 * strict mode runs it twice in development).
 */
const confirming = new Map<string, ReturnType<typeof verificationClient.confirm>>();
function confirmOnce(mode: ActionMode, code: string, attempt: number) {
  const key = `${mode} ${code} ${attempt}`;
  let request = confirming.get(key);
  if (!request) {
    request = verificationClient.confirm(mode, code);
    confirming.set(key, request);
  }
  return request;
}

function outcomeOf(mode: ActionMode, code: string, error: unknown): Outcome {
  if (isApiError(error, "auth/expired-action-code")) return { kind: "expired", mode };
  if (isApiError(error, "auth/invalid-action-code")) return { kind: "invalid", mode };
  if (isApiError(error, "auth/email-already-in-use")) return { kind: "taken" };
  const message = isApiError(error, "auth/network-request-failed")
    ? "We could not reach the server. Check your connection and try again."
    : isApiError(error, "auth/too-many-requests")
      ? "Too many tries in a short time. Wait a few minutes, then try again."
      : "Something went wrong on our side. Try again in a moment.";
  return { kind: "failed", mode, code, message };
}

function Screen({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The outcome replaces "Confirming…": move focus to it, so a screen reader reads it.
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <section aria-labelledby="verify-title" className="mx-auto w-full max-w-md py-6 sm:py-10">
      <h1
        id="verify-title"
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight outline-none"
      >
        {title}
      </h1>
      <Card className="mt-6 flex flex-col gap-4 sm:p-6">{children}</Card>
    </section>
  );
}

function NewLink({ mode }: { mode: ActionMode }) {
  const { status, user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  if (mode === "changeEmail") {
    return status === "signedIn" ? (
      <Button asChild variant="brand" size="lg">
        <Link to="/web/profile">Change your address again</Link>
      </Button>
    ) : (
      <p>Sign in and change your address again from your profile.</p>
    );
  }
  if (status !== "signedIn" || !user) {
    return (
      <Button asChild variant="brand" size="lg">
        <Link to="/web/login" search={{ redirectUrl: "/web/profile" }}>
          Sign in to get a new link
        </Link>
      </Button>
    );
  }
  if (user.emailVerified) return <p>Your address is confirmed already: there is nothing to do.</p>;
  return (
    <>
      <Button
        variant="brand"
        size="lg"
        pending={busy}
        onClick={async () => {
          setBusy(true);
          try {
            const sent = await verificationClient.resend();
            setSaid(sent ? `We sent a new link to ${user.email}.` : "Your address is confirmed.");
          } catch (error) {
            setSaid(resendRefusal(error));
          } finally {
            setBusy(false);
          }
        }}
      >
        Send a new link
      </Button>
      <p role="status" className="empty:hidden">
        {said}
      </p>
    </>
  );
}

function Onward() {
  const { status } = useAuth();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {status === "signedIn" ? (
        <Button asChild variant="brand" size="lg">
          <Link to="/web/profile">Go to your profile</Link>
        </Button>
      ) : (
        <Button asChild variant="brand" size="lg">
          <Link to="/web/login" search={{ redirectUrl: undefined }}>
            Sign in
          </Link>
        </Button>
      )}
      <Button asChild size="lg">
        <Link to="/web/redirect-to-active-section">Continue learning</Link>
      </Button>
    </div>
  );
}

export function VerifyEmail() {
  const link = useActionLink();
  const { status, user, updateUser } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(link ? { kind: "working" } : { kind: "missing" });
  const [attempt, setAttempt] = useState(0);
  const signedInAs = status === "signedIn" ? user?.id : undefined;

  useEffect(() => {
    if (!link) return;
    let cancelled = false;
    confirmOnce(link.mode, link.code, attempt).then(
      (changed) => {
        if (cancelled) return;
        setOutcome({ kind: "confirmed", mode: link.mode, email: changed?.email ?? null });
      },
      (error: unknown) => {
        if (!cancelled) setOutcome(outcomeOf(link.mode, link.code, error));
      },
    );
    return () => {
      cancelled = true;
    };
    // Once per link (and per "Try again"): a code is good once.
  }, [link, attempt]);

  // Signed in on this device: the header, banner and profile show the confirmed address at once.
  useEffect(() => {
    if (outcome.kind !== "confirmed" || !signedInAs) return;
    verificationClient.me().then(updateUser, () => {});
  }, [outcome.kind, signedInAs, updateUser]);

  switch (outcome.kind) {
    case "working":
      return (
        <Screen title="Confirming your email…">
          <p role="status">One moment while we check your link.</p>
        </Screen>
      );
    case "missing":
      return (
        <Screen title="Confirm your email">
          <p>
            This page confirms an email address with the link from the mail we sent. Open the link
            from the mail itself, or ask for a new one from your profile.
          </p>
          <Onward />
        </Screen>
      );
    case "confirmed":
      return outcome.mode === "changeEmail" ? (
        <Screen title="Your email address is changed">
          <Alert role="status" tone="success">
            {outcome.email ? (
              <>
                From now on, sign in with <strong className="break-all">{outcome.email}</strong>.
              </>
            ) : (
              "From now on, sign in with your new address."
            )}{" "}
            We told your old address about the change.
          </Alert>
          <Onward />
        </Screen>
      ) : (
        <Screen title="Your email address is confirmed">
          <Alert role="status" tone="success">
            Thank you! You can now add a profile photo, and password-reset mail will reach you.
          </Alert>
          <Onward />
        </Screen>
      );
    case "expired":
      return (
        <Screen title="This link has expired">
          <Alert role="alert" tone="warning">
            Links in our mails work for a day, and this one is older. Ask for a new one.
          </Alert>
          <NewLink mode={outcome.mode} />
        </Screen>
      );
    case "invalid":
      return (
        <Screen title="This link does not work">
          <Alert role="alert" tone="warning">
            This link is not valid or was already used. Links in our mails work once.
          </Alert>
          <NewLink mode={outcome.mode} />
        </Screen>
      );
    case "taken":
      return (
        <Screen title="That address is taken">
          <Alert role="alert" tone="warning">
            Another account uses this address now, so your address stays as it was.
          </Alert>
          <Onward />
        </Screen>
      );
    case "failed":
      return (
        <Screen title="We could not confirm your email">
          <Alert role="alert" tone="danger">
            {outcome.message}
          </Alert>
          <Button
            variant="brand"
            size="lg"
            onClick={() => {
              setOutcome({ kind: "working" });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </Screen>
      );
  }
}
