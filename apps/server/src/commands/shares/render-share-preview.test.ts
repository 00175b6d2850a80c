import { describe, expect, it } from "vitest";
import { previewLines } from "./render-share-preview.ts";

describe("previewLines", () => {
  it("keeps the first ten lines, tabs as two spaces, long lines cut with an ellipsis", () => {
    const code = ["\tindented", "x".repeat(100), ...Array.from({ length: 20 }, (_, i) => `l${i}`)];
    const lines = previewLines(code.join("\r\n"));
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe("  indented");
    expect(lines[1]).toHaveLength(70);
    expect(lines[1]?.endsWith("…")).toBe(true);
    expect(lines[9]).toBe("l7");
  });
});
