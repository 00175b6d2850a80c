import { SHARE_CODE_PATTERN } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { newShareCode } from "./share-code.ts";

describe("newShareCode", () => {
  it("makes 12 base62 characters, never the same twice in many draws", () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newShareCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(SHARE_CODE_PATTERN);
  });

  it("uses the whole alphabet, not a narrow slice of it", () => {
    const seen = new Set([...Array.from({ length: 500 }, () => newShareCode()).join("")]);
    expect(seen.size).toBeGreaterThan(55);
  });
});
