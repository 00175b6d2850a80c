/**
 * The account-creation form (name, email, password) and its "Sign in" link: /web/register shows
 * it, and so does the web-to-app flow's sign-up (features/billing), which keeps the learner's
 * plan choice around it. Signing up goes through the auth provider; what happens after is the
 * screen's (its gate, or the caller's `onSignedUp`).
 */
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { textLinkClasses } from "../../../ui/index.ts";
import { checkFields, errorsFor, type FormErrors, hasErrors } from "../lib/form-errors.ts";
import { useAuth } from "./auth-provider.tsx";
import { FormAlert, PasswordField, SubmitButton, TextField } from "./form-parts.tsx";

export function RegisterForm({
  signInRedirectUrl,
  submitLabel = "Create account",
  onSignedUp,
}: {
  /** Where signing in instead leads (the login page's redirectUrl). */
  signInRedirectUrl: string | undefined;
  submitLabel?: string;
  onSignedUp?: () => void;
}) {
  const { signUp } = useAuth();
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "");
    const password = String(data.get("password") ?? "");
    const displayName = String(data.get("displayName") ?? "").trim();
    const found = checkFields({ email, password });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await signUp({ email, password, ...(displayName ? { displayName } : {}) });
      onSignedUp?.();
    } catch (error) {
      setErrors(errorsFor(error));
      setBusy(false);
    }
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{errors.form}</FormAlert>
        <TextField label="Name" name="displayName" autoComplete="name" required={false} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          error={errors.email}
        />
        <PasswordField
          autoComplete="new-password"
          error={errors.password}
          hint="At least 6 characters."
        />
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </form>
      <p className="mt-5 text-sm">
        Already have an account?{" "}
        <Link
          to="/web/login"
          search={{ redirectUrl: signInRedirectUrl }}
          className={textLinkClasses}
        >
          Sign in
        </Link>
      </p>
    </>
  );
}
