import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-error.ts";
import { sendErrorText } from "./send-error.ts";

describe("sendErrorText", () => {
  it("names each refusal by its code", () => {
    expect(sendErrorText(new ApiError(409, "insufficient_credits", "x"))).toMatch(/no credits/);
    expect(sendErrorText(new ApiError(429, "rate_limited", "x"))).toMatch(/Wait a minute/);
    expect(sendErrorText(new ApiError(503, "ai_not_configured", "x"))).toMatch(/not set up/);
    expect(sendErrorText(new Error("boom"))).toMatch(/could not be sent/);
  });
});
