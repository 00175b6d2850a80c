/**
 * Which account a hosted sign-in lands in (issue 19), as pure rules:
 * - a provider account already linked signs in to the account it is linked to;
 * - otherwise an account with the same address is linked only when the provider says it verified
 *   that address, never on an unverified one (whoever typed it there need not own it);
 * - otherwise a new account is made.
 * Linking from the profile links the signed-in account, unless the provider account belongs to
 * someone else or the learner already has another account of that provider linked.
 */
import type { AuthErrorCode } from "../auth-error.ts";

export interface AccountFacts {
  id: string;
  disabled: boolean;
  emailVerified: boolean;
}

export type SignInDecision =
  | { kind: "sign-in"; userId: string }
  /**
   * `claim`: the account's own address was never confirmed, so its password may be someone who
   * typed an address they do not own; the provider has proved it is this person's, so the
   * address becomes verified and every earlier way in (password, sessions) ends.
   */
  | { kind: "link"; userId: string; claim: boolean }
  | { kind: "create"; emailVerified: boolean }
  | { kind: "refuse"; code: AuthErrorCode };

export function decideSignIn(facts: {
  identity: { email: string | null; emailVerified: boolean };
  /** The account this provider account is linked to, if any. */
  linked: AccountFacts | null;
  /** The account with the identity's address, if any. */
  sameEmail: (AccountFacts & { hasThisProvider: boolean }) | null;
}): SignInDecision {
  const { identity, linked, sameEmail } = facts;
  if (linked) {
    return linked.disabled
      ? { kind: "refuse", code: "auth/user-disabled" }
      : { kind: "sign-in", userId: linked.id };
  }
  if (!identity.email) return { kind: "refuse", code: "auth/missing-email" };
  if (!sameEmail) return { kind: "create", emailVerified: identity.emailVerified };
  // Another account of this provider is linked already: this one is not the learner's way in.
  if (!identity.emailVerified || sameEmail.hasThisProvider) {
    return { kind: "refuse", code: "auth/account-exists-with-different-credential" };
  }
  if (sameEmail.disabled) return { kind: "refuse", code: "auth/user-disabled" };
  return { kind: "link", userId: sameEmail.id, claim: !sameEmail.emailVerified };
}

export type LinkDecision =
  | { kind: "link" }
  | { kind: "already-linked" }
  | { kind: "refuse"; code: AuthErrorCode };

export function decideLink(facts: {
  requesterId: string;
  /** Who this provider account is linked to, if anyone. */
  linkedTo: string | null;
  /** Whether the requester has another account of this provider linked. */
  requesterHasProvider: boolean;
}): LinkDecision {
  if (facts.linkedTo === facts.requesterId) return { kind: "already-linked" };
  if (facts.linkedTo !== null) return { kind: "refuse", code: "auth/credential-already-in-use" };
  if (facts.requesterHasProvider) return { kind: "refuse", code: "auth/provider-already-linked" };
  return { kind: "link" };
}

/** Whether removing one provider leaves a way in: a password, or another linked provider. */
export function canUnlink(facts: { hasPassword: boolean; linkedProviders: number }): boolean {
  return facts.hasPassword || facts.linkedProviders > 1;
}
