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
};

const FALLBACK = { text: "Something went wrong. Please try again.", field: "form" as const };

export function authErrorMessage(code: string): { text: string; field: AuthField } {
  return AUTH_ERROR_MESSAGES[code] ?? FALLBACK;
}
