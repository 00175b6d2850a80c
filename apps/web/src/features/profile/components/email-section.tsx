/**
 * The learner's address: whether it is confirmed (and what that unlocks, with a button to send
 * the link again), and changing it. A change needs the current password and takes effect only
 * when the learner opens the link mailed to the new address; the old address is then told.
 */
import { isValidEmail, type User } from "@lumen/contracts";
import { type FormEvent, useState } from "react";
import { Badge, Button } from "../../../ui/index.ts";
import { verificationClient } from "../../auth/api/verification-client.ts";
import { PasswordField, TextField } from "../../auth/components/form-parts.tsx";
import { resendRefusal } from "../../auth/components/verify-email-banner.tsx";
import { VERIFICATION_UNLOCKS } from "../../auth/lib/verification.ts";
import { accountApi } from "../api/account-client.ts";
import { accountErrorText } from "../lib/error-text.ts";
import { Outcome, Section } from "./parts.tsx";

function Confirmation({ user }: { user: User }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok?: string; error?: string }>({});
  if (user.emailVerified) return null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Your address is not confirmed yet. {VERIFICATION_UNLOCKS} Open the link in the mail we sent
        you, or ask for a new one.
      </p>
      <div>
        <Button
          pending={busy}
          onClick={async () => {
            setBusy(true);
            setOutcome({});
            try {
              await verificationClient.resend();
              setOutcome({ ok: `We sent a new link to ${user.email}.` });
            } catch (error) {
              setOutcome({ error: resendRefusal(error) });
            } finally {
              setBusy(false);
            }
          }}
        >
          Send the link again
        </Button>
      </div>
      <Outcome {...outcome} />
    </div>
  );
}

function ChangeEmailForm({ user }: { user: User }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const newEmail = String(data.get("newEmail") ?? "");
    const currentPassword = String(data.get("currentPassword") ?? "");
    setSentTo(null);
    if (!isValidEmail(newEmail)) {
      setErrors({ email: "Enter an email address like name@example.com." });
      return;
    }
    if (!currentPassword) {
      setErrors({ password: "Enter your current password." });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await accountApi.requestEmailChange({ newEmail, currentPassword });
      setSentTo(answer.sentTo);
      form.reset();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "auth/wrong-password") setErrors({ password: accountErrorText(error) });
      else if (code === "auth/email-already-in-use")
        setErrors({ email: "Another account uses this address." });
      else if (code === "auth/invalid-email" || code === "validation_failed")
        setErrors({ email: accountErrorText(error) });
      else setErrors({ form: accountErrorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <h3 className="font-semibold">Change your email address</h3>
      <TextField
        label="New email address"
        name="newEmail"
        type="email"
        autoComplete="email"
        error={errors.email}
      />
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        error={errors.password}
      />
      <Outcome
        error={errors.form}
        ok={
          sentTo ? (
            <>
              We sent a link to <strong className="break-all">{sentTo}</strong>. Your address
              changes when you open it; until then, sign in with {user.email}.
            </>
          ) : undefined
        }
      />
      <div>
        <Button type="submit" variant="brand" pending={busy}>
          Send a confirmation link
        </Button>
      </div>
    </form>
  );
}

export function EmailSection({ user }: { user: User }) {
  return (
    <Section id="profile-email" title="Email">
      <p className="flex flex-wrap items-center gap-2">
        <span className="break-all font-medium">{user.email}</span>
        {user.emailVerified ? (
          <Badge tone="success">Confirmed</Badge>
        ) : (
          <Badge tone="warning">Not confirmed</Badge>
        )}
      </p>
      <Confirmation user={user} />
      <ChangeEmailForm user={user} />
    </Section>
  );
}
