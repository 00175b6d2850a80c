import { describe, expect, it } from "vitest";
import { checkSignature, signPayload } from "./webhook-signature.ts";

const now = new Date("2026-03-10T12:00:00Z");
const body = '{"id":"evt_1"}';

describe("the local webhook signature", () => {
  it("holds for the body and secret it was made with", () => {
    expect(checkSignature("secret", body, signPayload("secret", body, now), now)).toBeNull();
  });

  it.each([
    ["another secret", "other", body, now, "The webhook's signature does not match."],
    ["a changed body", "secret", '{"id":"evt_2"}', now, "The webhook's signature does not match."],
    [
      "a timestamp six minutes old",
      "secret",
      body,
      new Date(now.getTime() + 6 * 60_000),
      "The webhook's signature is too old.",
    ],
  ])("fails with %s", (_, secret, checkedBody, checkedAt, reason) => {
    expect(checkSignature(secret, checkedBody, signPayload("secret", body, now), checkedAt)).toBe(
      reason,
    );
  });

  it.each([null, "", "v1=abc", "t=1", "t=abc,v1=00", `t=${now.getTime() / 1000},v1=zz`])(
    "refuses the header %j as missing or malformed",
    (header) => {
      expect(checkSignature("secret", body, header, now)).toMatch(/no signature|malformed/);
    },
  );

  it("accepts any one of several v1 signatures (a secret being rolled)", () => {
    const good = signPayload("secret", body, now);
    const [t, v1] = good.split(",");
    expect(checkSignature("secret", body, `${t},v1=${"0".repeat(64)},${v1}`, now)).toBeNull();
  });
});
