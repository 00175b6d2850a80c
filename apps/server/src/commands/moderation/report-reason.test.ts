import { describe, expect, it } from "vitest";
import { decodeReason, encodeReason } from "./report-reason.ts";

describe("a report's stored reason", () => {
  it("keeps the category alone, or with the reporter's words", () => {
    expect(encodeReason("spam")).toBe("spam");
    expect(encodeReason("spam", "   ")).toBe("spam");
    expect(encodeReason("other", " copies my project ")).toBe("other: copies my project");
  });

  it("reads back what it stored", () => {
    expect(decodeReason("spam")).toEqual({ reason: "spam", details: null });
    expect(decodeReason("harmful_code: mines coins: really")).toEqual({
      reason: "harmful_code",
      details: "mines coins: really",
    });
  });

  it("reads a reason of no known category as other, with the whole text as details", () => {
    expect(decodeReason("rude: very")).toEqual({ reason: "other", details: "rude: very" });
  });
});
