import { describe, expect, it } from "vitest";
import { canUnlink, decideLink, decideSignIn } from "./account-decision.ts";

const account = (
  over: Partial<{ id: string; disabled: boolean; emailVerified: boolean }> = {},
) => ({
  id: "u1",
  disabled: false,
  emailVerified: true,
  ...over,
});
const verified = { email: "ada@example.com", emailVerified: true };
const unverified = { email: "ada@example.com", emailVerified: false };

describe("decideSignIn: which account a hosted sign-in lands in", () => {
  it("signs a linked provider account in to its account, whatever the address says", () => {
    expect(decideSignIn({ identity: unverified, linked: account(), sameEmail: null })).toEqual({
      kind: "sign-in",
      userId: "u1",
    });
  });

  it("refuses a linked account that is disabled", () => {
    expect(
      decideSignIn({ identity: verified, linked: account({ disabled: true }), sameEmail: null }),
    ).toEqual({ kind: "refuse", code: "auth/user-disabled" });
  });

  it("links by a verified address to the account that has it", () => {
    const sameEmail = { ...account({ id: "u2" }), hasThisProvider: false };
    expect(decideSignIn({ identity: verified, linked: null, sameEmail })).toEqual({
      kind: "link",
      userId: "u2",
      claim: false,
    });
  });

  it("claims an account whose own address was never confirmed (its password ends)", () => {
    const sameEmail = { ...account({ emailVerified: false }), hasThisProvider: false };
    expect(decideSignIn({ identity: verified, linked: null, sameEmail })).toMatchObject({
      kind: "link",
      claim: true,
    });
  });

  it("never links by an unverified address", () => {
    const sameEmail = { ...account(), hasThisProvider: false };
    expect(decideSignIn({ identity: unverified, linked: null, sameEmail })).toEqual({
      kind: "refuse",
      code: "auth/account-exists-with-different-credential",
    });
  });

  it("refuses a second account of the same provider for one address", () => {
    const sameEmail = { ...account(), hasThisProvider: true };
    expect(decideSignIn({ identity: verified, linked: null, sameEmail })).toEqual({
      kind: "refuse",
      code: "auth/account-exists-with-different-credential",
    });
  });

  it("makes a new account when no account has the address, keeping the provider's word on it", () => {
    expect(decideSignIn({ identity: verified, linked: null, sameEmail: null })).toEqual({
      kind: "create",
      emailVerified: true,
    });
    expect(decideSignIn({ identity: unverified, linked: null, sameEmail: null })).toEqual({
      kind: "create",
      emailVerified: false,
    });
  });

  it("refuses a provider account without an address", () => {
    expect(
      decideSignIn({
        identity: { email: null, emailVerified: false },
        linked: null,
        sameEmail: null,
      }),
    ).toEqual({ kind: "refuse", code: "auth/missing-email" });
  });
});

describe("decideLink: linking from the profile", () => {
  it("links a provider account nobody has", () => {
    expect(decideLink({ requesterId: "u1", linkedTo: null, requesterHasProvider: false })).toEqual({
      kind: "link",
    });
  });

  it("is a no-op for the learner's own link", () => {
    expect(decideLink({ requesterId: "u1", linkedTo: "u1", requesterHasProvider: true })).toEqual({
      kind: "already-linked",
    });
  });

  it("refuses a provider account linked to someone else", () => {
    expect(decideLink({ requesterId: "u1", linkedTo: "u2", requesterHasProvider: false })).toEqual({
      kind: "refuse",
      code: "auth/credential-already-in-use",
    });
  });

  it("refuses a second account of a provider the learner has linked", () => {
    expect(decideLink({ requesterId: "u1", linkedTo: null, requesterHasProvider: true })).toEqual({
      kind: "refuse",
      code: "auth/provider-already-linked",
    });
  });
});

describe("canUnlink: at least one way in stays", () => {
  it("keeps a password or another provider", () => {
    expect(canUnlink({ hasPassword: true, linkedProviders: 1 })).toBe(true);
    expect(canUnlink({ hasPassword: false, linkedProviders: 2 })).toBe(true);
    expect(canUnlink({ hasPassword: false, linkedProviders: 1 })).toBe(false);
  });
});
