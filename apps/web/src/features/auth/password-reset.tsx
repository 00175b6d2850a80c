/**
 * /web/passwordReset: ask for a reset link by email; opened from that link (#code=...), choose
 * a new password. The request answers the same whether or not the address has an account.
 */
import { Link, useSearch } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { textLinkClasses } from "../../ui/index.ts";
import { identityClient } from "./api/identity-client.ts";
import {
  AuthCard,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from "./components/form-parts.tsx";
import { checkFields, errorsFor, type FormErrors, hasErrors } from "./lib/form-errors.ts";

function readCode(): string | null {
  return typeof window === "undefined"
    ? null
    : new URLSearchParams(window.location.hash.slice(1)).get("code");
}

export function PasswordReset() {
  const [code] = useState(readCode);
  return code ? <ChooseNewPassword code={code} /> : <AskForLink />;
}

function AskForLink() {
  const { redirectUrl } = useSearch({ from: "/web/passwordReset" });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    const found = checkFields({ email });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await identityClient.requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setErrors(errorsFor(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset your password">
      {sentTo ? (
        <FormAlert tone="success">
          If there is an account for {sentTo}, we have sent it a link to choose a new password. The
          link works for an hour.
        </FormAlert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Enter the email you signed up with and we will send you a link to choose a new password.
          </p>
          <FormAlert>{errors.form}</FormAlert>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            error={errors.email}
          />
          <SubmitButton busy={busy}>Send reset link</SubmitButton>
        </form>
      )}
      <p className="mt-5 text-sm">
        <Link to="/web/login" search={{ redirectUrl }} className={textLinkClasses}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

function ChooseNewPassword({ code }: { code: string }) {
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    const found = checkFields({ password });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await identityClient.confirmPasswordReset(code, password);
      history.replaceState(null, "", window.location.pathname);
      setDone(true);
    } catch (error) {
      setErrors(errorsFor(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <FormAlert tone="success">
          Your password is changed. Sign in with your new password.
        </FormAlert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormAlert>{errors.form}</FormAlert>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.password}
            hint="At least 6 characters."
          />
          <SubmitButton busy={busy}>Save new password</SubmitButton>
        </form>
      )}
      <p className="mt-5 text-sm">
        <Link to="/web/login" search={{ redirectUrl: undefined }} className={textLinkClasses}>
          {done ? "Sign in" : "Back to sign in"}
        </Link>
        {errors.form && (
          <>
            {" · "}
            <a href="/web/passwordReset" className={textLinkClasses}>
              Ask for a new link
            </a>
          </>
        )}
      </p>
    </AuthCard>
  );
}
