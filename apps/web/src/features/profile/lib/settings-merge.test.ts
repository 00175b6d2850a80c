import { describe, expect, it } from "vitest";
import { mergeOnSignIn } from "./settings-merge.ts";

const device = {
  theme: "dark",
  editorFontSize: 15,
  keyBindings: "default",
  sound: true,
  motion: "system",
  timeZoneFollowsDevice: true,
} as const;

describe("settings on sign-in (issue 13)", () => {
  it("applies what the account has and differs, and sends up what it never had", () => {
    const { apply, push } = mergeOnSignIn(
      { theme: "light", editorFontSize: 15, sound: false },
      device,
    );
    expect(apply).toEqual({ theme: "light", sound: false });
    expect(push).toEqual({ keyBindings: "default", motion: "system", timeZoneFollowsDevice: true });
  });

  it("a new account takes every setting of the device it signs in on", () => {
    expect(mergeOnSignIn({}, device)).toEqual({ apply: {}, push: device });
  });

  it("an account that has everything changes the device and sends nothing", () => {
    const account = { ...device, theme: "system", keyBindings: "vim" } as const;
    expect(mergeOnSignIn(account, device)).toEqual({
      apply: { theme: "system", keyBindings: "vim" },
      push: {},
    });
  });
});
