/**
 * /web/register: create an account (with a password, or "Continue with …" a hosted provider,
 * issue 19), then on through /onboarding-check (the onboarding chat, once)
 * to where redirectUrl says (if allowed).
 */
import { useSearch } from "@tanstack/react-router";
import { AuthGate, SIGNED_OUT_ONLY } from "./components/auth-gate.tsx";
import { AuthCard, FormAlert } from "./components/form-parts.tsx";
import { OidcButtons, useOidcLanding } from "./components/oidc-sign-in.tsx";
import { RegisterForm } from "./components/register-form.tsx";

/** Back from "Continue with …" with a new account: its session, or why there is none. */
function HostedSignUpOutcome() {
  const { busy, error } = useOidcLanding("signup");
  if (busy) return <FormAlert tone="success">Finishing your sign-up…</FormAlert>;
  return error ? (
    <div className="mb-4">
      <FormAlert>{error}</FormAlert>
    </div>
  ) : null;
}

export function Register() {
  const { redirectUrl } = useSearch({ from: "/web/register" });
  return (
    // A new account goes on through /onboarding-check, which sends it to the chat once.
    <AuthGate options={SIGNED_OUT_ONLY} via="/onboarding-check">
      <AuthCard title="Create your account">
        <HostedSignUpOutcome />
        <RegisterForm signInRedirectUrl={redirectUrl} />
        <OidcButtons redirectUrl={redirectUrl} />
      </AuthCard>
    </AuthGate>
  );
}
