/**
 * /web/register: create an account, then on through /onboarding-check (the onboarding chat, once)
 * to where redirectUrl says (if allowed).
 */
import { useSearch } from "@tanstack/react-router";
import { AuthGate, SIGNED_OUT_ONLY } from "./components/auth-gate.tsx";
import { AuthCard } from "./components/form-parts.tsx";
import { RegisterForm } from "./components/register-form.tsx";

export function Register() {
  const { redirectUrl } = useSearch({ from: "/web/register" });
  return (
    // A new account goes on through /onboarding-check, which sends it to the chat once.
    <AuthGate options={SIGNED_OUT_ONLY} via="/onboarding-check">
      <AuthCard title="Create your account">
        <RegisterForm signInRedirectUrl={redirectUrl} />
      </AuthCard>
    </AuthGate>
  );
}
