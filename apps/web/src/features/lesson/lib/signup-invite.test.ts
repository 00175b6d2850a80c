import { describe, expect, it } from "vitest";
import {
  dismissInvite,
  inviteDismissed,
  inviteMoment,
  markInvited,
  wasInvited,
} from "./signup-invite.ts";

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe("the sign-up invitation", () => {
  it("shows after a passed check and at the end of a chapter, to a guest only", () => {
    const base = { signedIn: false, dismissed: false, chapterEnded: false, invited: false };
    expect(inviteMoment(base)).toBeUndefined();
    expect(inviteMoment({ ...base, invited: true })).toBe("passed");
    expect(inviteMoment({ ...base, invited: true, chapterEnded: true })).toBe("chapterEnd");
    expect(inviteMoment({ ...base, chapterEnded: true })).toBe("chapterEnd");
    expect(inviteMoment({ ...base, chapterEnded: true, signedIn: true })).toBeUndefined();
    expect(inviteMoment({ ...base, chapterEnded: true, dismissed: true })).toBeUndefined();
  });

  it("is remembered for the session, and a dismissal outlasts later checks", () => {
    const storage = memory();
    expect(wasInvited(storage)).toBe(false);
    markInvited(storage);
    expect(wasInvited(storage)).toBe(true);
    dismissInvite(storage);
    markInvited(storage);
    expect(inviteDismissed(storage)).toBe(true);
    expect(wasInvited(storage)).toBe(false);
  });

  it("works without storage", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => markInvited(broken)).not.toThrow();
    expect(inviteDismissed(broken)).toBe(false);
  });
});
