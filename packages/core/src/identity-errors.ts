/**
 * The identity provider's own error codes (spec section 8) in the product's words: one code per
 * situation the spec lists, whichever provider raised it. The built-in provider answers these
 * codes itself; an adapter for a hosted provider (Firebase Authentication) turns the provider's
 * codes into them here, so the web app shows one sentence per situation (its error-messages.ts).
 */

/** Spec section 8's list, each situation with the product's code for it. */
export const IDENTITY_ERROR_SITUATIONS = {
  "invalid email": "auth/invalid-email",
  "wrong password": "auth/wrong-password",
  "user not found": "auth/user-not-found",
  "user disabled": "auth/user-disabled",
  "email already in use": "auth/email-already-in-use",
  "weak password": "auth/weak-password",
  "too many requests": "auth/too-many-requests",
  "network failure": "auth/network-request-failed",
  // The product signs in with hosted providers by redirect, so a "popup" is the provider's page:
  // closing it, or a browser refusing to open it, ends the sign-in the same way.
  "popup closed or blocked": "auth/user-cancelled",
  "requires recent login": "auth/requires-recent-login",
  "account exists with different credential": "auth/account-exists-with-different-credential",
  "expired action code": "auth/expired-action-code",
  "invalid action code": "auth/invalid-action-code",
} as const;

export type IdentityErrorCode =
  | (typeof IDENTITY_ERROR_SITUATIONS)[keyof typeof IDENTITY_ERROR_SITUATIONS]
  /** A provider account already linked to another account (linking, issue 19). */
  | "auth/credential-already-in-use";

/**
 * Firebase Authentication's codes: its client SDKs' and Admin SDK's `auth/...` codes, and the
 * REST API's messages (identitytoolkit and securetoken, e.g. `WEAK_PASSWORD : Password should be
 * at least 6 characters`, of which the part before " : " is the code).
 */
const FIREBASE_CODES: Record<string, IdentityErrorCode> = {
  // Client and Admin SDKs.
  "auth/invalid-email": "auth/invalid-email",
  "auth/missing-email": "auth/invalid-email",
  "auth/wrong-password": "auth/wrong-password",
  "auth/invalid-password": "auth/wrong-password",
  // With email enumeration protection on, a wrong password and an unknown email are both this.
  "auth/invalid-credential": "auth/wrong-password",
  "auth/invalid-login-credentials": "auth/wrong-password",
  "auth/user-not-found": "auth/user-not-found",
  "auth/user-disabled": "auth/user-disabled",
  "auth/email-already-in-use": "auth/email-already-in-use",
  "auth/email-already-exists": "auth/email-already-in-use",
  "auth/weak-password": "auth/weak-password",
  "auth/missing-password": "auth/weak-password",
  "auth/too-many-requests": "auth/too-many-requests",
  "auth/quota-exceeded": "auth/too-many-requests",
  "auth/network-request-failed": "auth/network-request-failed",
  "auth/timeout": "auth/network-request-failed",
  "auth/popup-closed-by-user": "auth/user-cancelled",
  "auth/popup-blocked": "auth/user-cancelled",
  "auth/cancelled-popup-request": "auth/user-cancelled",
  "auth/redirect-cancelled-by-user": "auth/user-cancelled",
  "auth/user-cancelled": "auth/user-cancelled",
  "auth/requires-recent-login": "auth/requires-recent-login",
  "auth/user-token-expired": "auth/requires-recent-login",
  "auth/invalid-user-token": "auth/requires-recent-login",
  "auth/id-token-expired": "auth/requires-recent-login",
  "auth/id-token-revoked": "auth/requires-recent-login",
  "auth/account-exists-with-different-credential": "auth/account-exists-with-different-credential",
  "auth/credential-already-in-use": "auth/credential-already-in-use",
  "auth/expired-action-code": "auth/expired-action-code",
  "auth/invalid-action-code": "auth/invalid-action-code",
  // REST API (identitytoolkit.googleapis.com v1, securetoken.googleapis.com v1).
  INVALID_EMAIL: "auth/invalid-email",
  MISSING_EMAIL: "auth/invalid-email",
  INVALID_PASSWORD: "auth/wrong-password",
  INVALID_LOGIN_CREDENTIALS: "auth/wrong-password",
  EMAIL_NOT_FOUND: "auth/user-not-found",
  USER_NOT_FOUND: "auth/user-not-found",
  USER_DISABLED: "auth/user-disabled",
  EMAIL_EXISTS: "auth/email-already-in-use",
  WEAK_PASSWORD: "auth/weak-password",
  MISSING_PASSWORD: "auth/weak-password",
  TOO_MANY_ATTEMPTS_TRY_LATER: "auth/too-many-requests",
  QUOTA_EXCEEDED: "auth/too-many-requests",
  RESET_PASSWORD_EXCEED_LIMIT: "auth/too-many-requests",
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: "auth/requires-recent-login",
  TOKEN_EXPIRED: "auth/requires-recent-login",
  INVALID_ID_TOKEN: "auth/requires-recent-login",
  INVALID_REFRESH_TOKEN: "auth/requires-recent-login",
  MISSING_REFRESH_TOKEN: "auth/requires-recent-login",
  // signInWithIdp answers `needConfirmation: true` where the SDK raises the code below.
  NEED_CONFIRMATION: "auth/account-exists-with-different-credential",
  FEDERATED_USER_ID_ALREADY_LINKED: "auth/credential-already-in-use",
  EXPIRED_OOB_CODE: "auth/expired-action-code",
  INVALID_OOB_CODE: "auth/invalid-action-code",
  MISSING_OOB_CODE: "auth/invalid-action-code",
};

/**
 * The product's code for one of Firebase's, or null for a code that is not the learner's doing
 * (a bad API key, a disabled sign-in method, a server error): the caller reports those as its own.
 */
export function firebaseErrorCode(providerCode: string): IdentityErrorCode | null {
  const code = providerCode.split(" : ")[0]?.trim() ?? "";
  return Object.hasOwn(FIREBASE_CODES, code) ? (FIREBASE_CODES[code] ?? null) : null;
}
