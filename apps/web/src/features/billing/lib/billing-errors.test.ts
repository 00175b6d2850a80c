import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-error.ts";
import { billingErrorText } from "./billing-errors.ts";

describe("billingErrorText", () => {
  it("explains a missing connection and an ended session", () => {
    expect(billingErrorText(ApiError.unreachable())).toContain("could not reach the server");
    expect(billingErrorText(new ApiError(401, "unauthenticated", "x"))).toContain("Sign in again");
  });

  it("shows the server's sentence for a conflict", () => {
    expect(
      billingErrorText(new ApiError(409, "conflict", "You already have the Starter plan.")),
    ).toBe("You already have the Starter plan.");
  });

  it("never shows a stray error's text", () => {
    expect(billingErrorText(new Error("TypeError: x is undefined"))).toBe(
      "Something went wrong on our side. Please try again.",
    );
    expect(billingErrorText(new ApiError(500, "internal", "stack…"))).toBe(
      "Something went wrong on our side. Please try again.",
    );
  });
});
