/**
 * What the server needs from an identity provider, whichever it is (issue 19): sign up, sign in,
 * refresh, sign out, the action codes where the provider sends its own, and the issuer and keys of
 * its ID tokens. The built-in provider (built-in-provider.ts, ADR 0011) is one implementation; a
 * hosted one (Firebase Authentication) is another. Whatever the provider, the session cookie,
 * `/api/login`, `/api/logout`, the token-change behaviour (spec section 4) and the error texts
 * (spec section 8, auth-error.ts) stay the same: adapters answer with the `auth/*` codes.
 *
 * Hosted sign-in through OpenID Connect (auth/oidc/) is not a provider of sessions: it proves who
 * someone is, then asks the configured provider for a session with `createSession`.
 */
import type { Tokens } from "@lumen/contracts";
import type { JSONWebKeySet } from "jose";
import type { UserRow } from "./users.ts";

/** Which provider issues the product's sessions (one per server). */
export type IdentityProviderId = "built-in" | "firebase";

/** What a provider needs to know of the request it acts for. */
export interface ProviderRequest {
  /** The client's address, for rate limits. */
  ip: string;
  /** The web app's origin, for links in mails. */
  origin: string;
  /**
   * The request's own ID token (its bearer), when it carried one: a hosted provider acts for the
   * signed-in person with it (Firebase's verification mail needs it).
   */
  idToken?: string;
}

/** An ID token the provider issued, checked (signature, issuer, audience, expiry). */
export interface VerifiedIdToken {
  /** The local account (users.id) the token stands for. */
  userId: string;
  /**
   * The account's session version the token was issued under: when it no longer matches, the
   * token has been revoked (requires-recent-login). Absent where the provider revokes on its own.
   */
  sessionVersion?: number;
  /** Who minted an impersonation token (accepted only with ALLOW_IMPERSONATION). */
  impersonatedBy?: string;
}

/** A new session: the account and its tokens. */
export interface ProviderSession {
  user: UserRow;
  tokens: Tokens;
}

export interface SignUpInput {
  email: string;
  password: string;
  displayName?: string | null;
  /** The anonymous visitor id, so that experiment variants do not change at sign-up. */
  visitorId?: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

/** One-time codes mailed by the provider: password reset and email verification. */
export interface ActionCodeSender {
  /**
   * Counts the limits and answers at once; the look-up and the mail are `done` later, so the
   * answer reveals nothing about who has an account (docs/decisions/0010).
   */
  requestPasswordReset(
    input: { email: string },
    request: ProviderRequest,
  ): Promise<{ done: Promise<void> }>;
  confirmPasswordReset(
    input: { code: string; newPassword: string },
    request: ProviderRequest,
  ): Promise<void>;
  /** False when the address is already verified (nothing sent). `resend`: a learner's request, rate-limited. */
  requestEmailVerification(
    input: { user: UserRow; resend: boolean },
    request: ProviderRequest,
  ): Promise<boolean>;
  confirmEmailVerification(input: { code: string }, request: ProviderRequest): Promise<void>;
  /**
   * Applies an email change link the provider mailed (ProviderReauthentication's
   * requestEmailChange) and gives the product's account the new address. Absent where the product
   * mails its own (commands/confirm-email-change.ts). The caller has counted the rate limit.
   */
  confirmEmailChange?(
    input: { code: string },
    request: ProviderRequest,
  ): Promise<{ user: UserRow; previousEmail: string }>;
}

/**
 * What a signed-in learner may change once the provider has checked their current password
 * (IdentityProvider.reauthenticate): each acts with the fresh proof the check gave.
 */
export interface ProviderReauthentication {
  /**
   * Sets the new password at the provider, which ends its other sessions; answers this device's
   * new tokens. auth/weak-password.
   */
  changePassword(newPassword: string): Promise<Tokens>;
  /**
   * The provider mails a link to the new address; the account changes when it is opened
   * (ActionCodeSender.confirmEmailChange). auth/email-already-in-use.
   */
  requestEmailChange(newEmail: string): Promise<void>;
  /** Removes the account at the provider (the product's own deletion follows). */
  deleteAccount(): Promise<void>;
}

export interface IdentityProvider {
  readonly id: IdentityProviderId;
  /** The `iss` claim of the ID tokens it issues. */
  readonly issuer: string;
  /** The public keys that verify its ID tokens (the built-in's ring, or the provider's set). */
  verificationKeys(): Promise<JSONWebKeySet>;
  /**
   * The token's account when the token is this provider's, signed by its keys, for this product
   * and unexpired; null otherwise. The caller looks the account up and refuses disabled or
   * revoked ones with the `auth/*` codes.
   */
  verifyIdToken(token: string): Promise<VerifiedIdToken | null>;
  /** auth/invalid-email, auth/weak-password, auth/email-already-in-use, auth/too-many-requests. */
  signUp(input: SignUpInput, request: ProviderRequest): Promise<ProviderSession>;
  /** auth/wrong-password (also for an unknown email), auth/user-disabled, auth/too-many-requests. */
  signIn(input: SignInInput, request: ProviderRequest): Promise<ProviderSession>;
  /** The next tokens for a refresh token; auth/requires-recent-login when it is spent or revoked. */
  refresh(refreshToken: string): Promise<Tokens>;
  /**
   * Ends the account's sessions at the provider (every device). The browser's own sign-out only
   * forgets its tokens and calls /api/logout; this is for "sign out everywhere" and admins.
   */
  signOut(input: { userId: string }): Promise<void>;
  /**
   * A new session for an account that another way in has proven (an OpenID Connect sign-in):
   * the same tokens a password sign-in gives.
   */
  createSession(user: UserRow): Promise<ProviderSession>;
  /**
   * Checks the current password of an account whose password the provider holds (a hosted
   * provider's account), before a change that could lock its owner out: answers what may then be
   * changed. Null (or absent) where the product holds the password and checks it itself
   * (auth/current-password.ts). auth/wrong-password, auth/too-many-requests, auth/user-disabled,
   * auth/provider-unavailable.
   */
  reauthenticate?(input: {
    user: UserRow;
    password: string;
  }): Promise<ProviderReauthentication | null>;
  /** Present where the provider mails its own action codes. */
  readonly actionCodes?: ActionCodeSender;
}
