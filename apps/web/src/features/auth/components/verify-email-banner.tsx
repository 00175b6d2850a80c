/**
 * The banner that asks a signed-in learner to confirm their address (issue 13, item 10), under
 * the header of every screen but a lesson (where the editor needs the room) until the address is
 * confirmed: what confirming unlocks, a button to send the link again (the server allows it once
 * a minute and says when to ask again), and a dismiss that hides it on this device for three days.
 * Coming back to the tab (from the mail) asks the server whether the address is confirmed now.
 */
import { useRouterState } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { Alert, Button } from "../../../ui/index.ts";
import { type VerificationError, verificationClient } from "../api/verification-client.ts";
import {
  bannerSnoozed,
  retryWhen,
  snoozeBanner,
  VERIFICATION_UNLOCKS,
} from "../lib/verification.ts";
import { useAuth } from "./auth-provider.tsx";

type Sent = { text: string } | null;

/** What a refused resend means, in the learner's words. */
export function resendRefusal(error: unknown): string {
  const refused = error as VerificationError;
  if (refused?.code === "auth/too-many-requests") {
    return refused.retryAfterSeconds
      ? `${refused.message.replace(/ or ask again in a moment\.$/, ".")} You can ask again ${retryWhen(refused.retryAfterSeconds)}.`
      : refused.message;
  }
  if (refused?.code === "auth/network-request-failed") {
    return "We could not reach the server. Check your connection and try again.";
  }
  return "The mail could not be sent. Try again in a moment.";
}

export function VerifyEmailBanner() {
  const { status, user, updateUser } = useAuth();
  const hidden = useRouterState({
    select: (s) =>
      s.location.pathname === "/web/verify-email" ||
      s.matches.some((m) => m.staticData?.screen?.startsWith("lesson")),
  });
  const userId = user?.id;
  const [snoozed, setSnoozed] = useState(() => (userId ? bannerSnoozed(userId) : false));
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent>(null);
  const showing = status === "signedIn" && !!user && !user.emailVerified && !snoozed && !hidden;

  useEffect(() => {
    setSnoozed(userId ? bannerSnoozed(userId) : false);
    setSent(null);
  }, [userId]);

  const recheck = useCallback(() => {
    verificationClient.me().then(updateUser, () => {
      // Offline or signed out meanwhile: the banner stays as it is.
    });
  }, [updateUser]);

  useEffect(() => {
    if (!showing) return;
    const onVisible = () => {
      if (document.visibilityState === "visible") recheck();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [showing, recheck]);

  if (!showing || !user) return null;

  async function resend() {
    setBusy(true);
    setSent(null);
    try {
      const mailed = await verificationClient.resend();
      if (mailed) setSent({ text: `We sent a new link to ${user?.email}.` });
      else recheck();
    } catch (error) {
      setSent({ text: resendRefusal(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="verify-email-title" className="mx-auto w-full max-w-6xl px-4 pt-4">
      <Alert tone="info" className="flex flex-col gap-3 shadow-sm sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          {/* Not a heading: the banner comes before the screen's own h1. */}
          <p id="verify-email-title" className="font-semibold">
            Confirm your email address
          </p>
          <p className="mt-0.5 break-words">
            We sent a link to <strong>{user.email}</strong>. {VERIFICATION_UNLOCKS}
          </p>
          {sent ? (
            <p role="status" className="mt-1 font-medium">
              {sent.text}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Button size="sm" variant="secondary" pending={busy} onClick={resend}>
            Send the link again
          </Button>
          <Button
            variant="quiet"
            size="icon"
            aria-label="Dismiss: Confirm your email address"
            onClick={() => {
              snoozeBanner(user.id);
              setSnoozed(true);
            }}
            className="ml-auto sm:-my-1"
          >
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
      </Alert>
    </section>
  );
}
