/**
 * The identity provider's error codes as sentences in the product's words (issue 3), written
 * once here and shown beside the field they concern. Every situation of spec section 8 has one
 * (@lumen/core identity-errors.ts names their codes, whichever provider raised them).
 */
export type AuthField = "email" | "password" | "form";

export const AUTH_ERROR_MESSAGES: Record<string, { text: string; field: AuthField }> = {
  "auth/invalid-email": { text: "Enter an email address like name@example.com.", field: "email" },
  "auth/wrong-password": {
    text: "That email and password do not match an account. Check both and try again.",
    field: "form",
  },
  "auth/user-not-found": {
    text: "That email and password do not match an account. Check both and try again.",
    field: "form",
  },
  "auth/user-disabled": {
    text: "This account has been turned off. Contact support if you think this is a mistake.",
    field: "form",
  },
  "auth/email-already-in-use": {
    text: "There is already an account with this email. Sign in instead, or reset your password.",
    field: "email",
  },
  "auth/weak-password": { text: "Use at least 6 characters for your password.", field: "password" },
  "auth/too-many-requests": {
    text: "Too many tries in a short time. Wait a few minutes, then try again.",
    field: "form",
  },
  "auth/requires-recent-login": { text: "For your safety, please sign in again.", field: "form" },
  "auth/expired-action-code": {
    text: "This link has expired. Ask for a new one below.",
    field: "form",
  },
  "auth/invalid-action-code": {
    text: "This link is not valid or was already used. Ask for a new one below.",
    field: "form",
  },
  "auth/network-request-failed": {
    text: "We could not reach the server. Check your connection and try again.",
    field: "form",
  },
  // Sign-in with a hosted provider (issue 19): its page was closed, or the browser blocked it.
  "auth/user-cancelled": {
    text: "The sign-in window was closed before it finished. Try again, and allow it to open if your browser blocked it.",
    field: "form",
  },
  "auth/account-exists-with-different-credential": {
    text: "There is already an account with this email. Sign in with your password, then link this service in your profile.",
    field: "form",
  },
  // "Continue with …" through OpenID Connect (issue 19): the callback lands here with its code.
  "auth/invalid-oauth-state": {
    text: "We could not check that sign-in: it was started in another browser or tab, or changed on the way. Please start again.",
    field: "form",
  },
  "auth/spent-oauth-state": {
    text: "That sign-in was already used or took too long. Please start again.",
    field: "form",
  },
  "auth/invalid-credential": {
    text: "The sign-in service's answer did not pass our checks, so you are not signed in. Please start again.",
    field: "form",
  },
  "auth/missing-email": {
    text: "The sign-in service did not share your email address. Allow it to, or sign in another way.",
    field: "form",
  },
  "auth/no-such-provider": {
    text: "That sign-in service is not set up here. Sign in another way.",
    field: "form",
  },
  "auth/credential-already-in-use": {
    text: "That account is already linked to another account here. Sign in with it to unlink it there first.",
    field: "form",
  },
  "auth/provider-already-linked": {
    text: "You already linked another account of this service. Unlink it first to link a different one.",
    field: "form",
  },
  "auth/last-sign-in-method": {
    text: 'This is your only way to sign in, so it stays linked. Link another service, or set a password with "Forgot your password?", first.',
    field: "form",
  },
  "auth/provider-unavailable": {
    text: "We could not reach the sign-in service. Try again in a moment, or sign in another way.",
    field: "form",
  },
};

const FALLBACK = { text: "Something went wrong. Please try again.", field: "form" as const };

export function authErrorMessage(code: string): { text: string; field: AuthField } {
  return AUTH_ERROR_MESSAGES[code] ?? FALLBACK;
}
