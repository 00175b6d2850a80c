/**
 * /web/login: sign in with email and password, or "Continue with …" a hosted provider (issue 19),
 * whose callback lands back here to finish. Once signed in, the gate follows redirectUrl if
 * the allow-list accepts it. A link from a verification mail (#verifyEmail=...) confirms the
 * address here.
 */
import { Link, useSearch } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { textLinkClasses } from "../../ui/index.ts";
import { identityClient } from "./api/identity-client.ts";
import { AuthGate, SIGNED_OUT_ONLY } from "./components/auth-gate.tsx";
import { useAuth } from "./components/auth-provider.tsx";
import {
  AuthCard,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from "./components/form-parts.tsx";
import { OidcButtons, useOidcLanding } from "./components/oidc-sign-in.tsx";
import { authErrorMessage } from "./lib/error-messages.ts";
import { checkFields, errorsFor, type FormErrors, hasErrors } from "./lib/form-errors.ts";

function useEmailVerification(): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const code = new URLSearchParams(window.location.hash.slice(1)).get("verifyEmail");
    if (!code) return;
    history.replaceState(null, "", window.location.pathname + window.location.search);
    identityClient.confirmEmail(code).then(
      () => setMessage("Your email address is confirmed. Thank you!"),
      (error: unknown) =>
        setMessage(errorsFor(error).form ?? authErrorMessage("auth/invalid-action-code").text),
    );
  }, []);
  return message;
}

export function Login() {
  const { signIn, endedBecause } = useAuth();
  const { redirectUrl } = useSearch({ from: "/web/login" });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const verification = useEmailVerification();
  // Back from "Continue with …": the session to adopt, or why there is none.
  const hosted = useOidcLanding("login");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "");
    const password = String(data.get("password") ?? "");
    const found = checkFields({ email });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await signIn({ email, password });
    } catch (error) {
      setErrors(errorsFor(error));
      setBusy(false);
    }
  }

  return (
    <AuthGate options={SIGNED_OUT_ONLY}>
      <AuthCard title="Sign in">
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
          aria-describedby="login-alert"
        >
          <div id="login-alert" className="flex flex-col gap-2">
            {verification && <FormAlert tone="success">{verification}</FormAlert>}
            {hosted.busy && <FormAlert tone="success">Finishing your sign-in…</FormAlert>}
            {endedBecause && !errors.form && !hosted.error && (
              <FormAlert>{authErrorMessage(endedBecause).text}</FormAlert>
            )}
            <FormAlert>{errors.form ?? hosted.error}</FormAlert>
          </div>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            error={errors.email}
          />
          <PasswordField autoComplete="current-password" error={errors.password} />
          <SubmitButton busy={busy}>Sign in</SubmitButton>
        </form>
        <OidcButtons redirectUrl={redirectUrl} />
        <div className="mt-5 flex flex-col gap-2 text-sm sm:flex-row sm:justify-between">
          <Link to="/web/passwordReset" search={{ redirectUrl }} className={textLinkClasses}>
            Forgot your password?
          </Link>
          <Link to="/web/register" search={{ redirectUrl }} className={textLinkClasses}>
            New here? Create an account
          </Link>
        </div>
      </AuthCard>
    </AuthGate>
  );
}
