import { describe, expect, it } from "vitest";
import { gateOutcome, PROTECTED, SIGNED_OUT_ONLY } from "./auth-gate.tsx";

describe("gateOutcome", () => {
  it("protected screens: loader while starting, login when signed out, the screen when signed in", () => {
    expect(gateOutcome("initializing", PROTECTED)).toBe("loader");
    expect(gateOutcome("signedOut", PROTECTED)).toBe("redirectToLogin");
    expect(gateOutcome("signedIn", PROTECTED)).toBe("render");
  });

  it("sign-in screens redirect to the app only once the auth request has completed", () => {
    expect(gateOutcome("initializing", SIGNED_OUT_ONLY)).toBe("render");
    expect(gateOutcome("signedOut", SIGNED_OUT_ONLY)).toBe("render");
    expect(gateOutcome("signedIn", SIGNED_OUT_ONLY)).toBe("redirectToApp");
  });

  it("supports every behaviour of spec section 4", () => {
    for (const whenAuthed of [
      "render",
      "loader",
      "nothing",
      "redirectToLogin",
      "redirectToApp",
    ] as const) {
      expect(gateOutcome("signedIn", { whenAuthed })).toBe(whenAuthed);
    }
    for (const when of ["render", "loader", "redirectToLogin"] as const) {
      expect(gateOutcome("initializing", { whenUnauthedBeforeInit: when })).toBe(when);
      expect(gateOutcome("signedOut", { whenUnauthedAfterInit: when })).toBe(when);
    }
  });
});
