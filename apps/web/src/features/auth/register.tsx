/** /web/register: create an account, then land where redirectUrl says (if allowed). */
import { Link, useSearch } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { textLinkClasses } from "../../ui/index.ts";
import { AuthGate, SIGNED_OUT_ONLY } from "./components/auth-gate.tsx";
import { useAuth } from "./components/auth-provider.tsx";
import {
  AuthCard,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from "./components/form-parts.tsx";
import { checkFields, errorsFor, type FormErrors, hasErrors } from "./lib/form-errors.ts";

export function Register() {
  const { signUp } = useAuth();
  const { redirectUrl } = useSearch({ from: "/web/register" });
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
    } catch (error) {
      setErrors(errorsFor(error));
      setBusy(false);
    }
  }

  return (
    <AuthGate options={SIGNED_OUT_ONLY}>
      <AuthCard title="Create your account">
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
          <SubmitButton busy={busy}>Create account</SubmitButton>
        </form>
        <p className="mt-5 text-sm">
          Already have an account?{" "}
          <Link to="/web/login" search={{ redirectUrl }} className={textLinkClasses}>
            Sign in
          </Link>
        </p>
      </AuthCard>
    </AuthGate>
  );
}
