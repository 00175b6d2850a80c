import { describe, expect, it } from "vitest";
import { describeUnstorable, findUnstorableText, MAX_JSON_DEPTH } from "./storable-text.ts";

describe("findUnstorableText (issue 11 part 4: NUL and lone surrogates are refused, never stored)", () => {
  it("accepts ordinary text, emoji (a surrogate pair) and every other control character", () => {
    expect(
      findUnstorableText({ a: "héllo", b: ["😀", "\t\n\u0001\u007f"], c: 1, d: null, e: true }),
    ).toBeUndefined();
  });

  it.each([
    [{ properties: { note: "a\u0000b" } }, "properties.note", "nul"],
    [{ events: [{ anonymousId: "\u0000" }] }, "events.0.anonymousId", "nul"],
    [{ path: "x\uD800" }, "path", "surrogate"],
    [{ path: "\uDC00x" }, "path", "surrogate"],
    [{ properties: { "k\u0000": "v" } }, "properties.(a property name)", "nul"],
    ["\uDBFF", "", "surrogate"],
  ])("finds %j at %s", (value, path, kind) => {
    expect(findUnstorableText(value)).toEqual({ path, kind });
  });

  it("reports the first problem in document order", () => {
    expect(findUnstorableText({ a: ["ok", "\u0000"], b: "\uD800" })).toEqual({
      path: "a.1",
      kind: "nul",
    });
  });

  it("refuses nesting past the limit without overflowing the stack, at any depth", () => {
    const nested = JSON.parse(`${"[".repeat(400_000)}${"]".repeat(400_000)}`);
    expect(findUnstorableText(nested)?.kind).toBe("depth");
    let shallow: unknown = "leaf";
    for (let i = 0; i < MAX_JSON_DEPTH; i++) shallow = [shallow];
    expect(findUnstorableText(shallow)).toBeUndefined();
  });

  it("says what is wrong and where, for the learner", () => {
    expect(describeUnstorable({ path: "files.0.userContent", kind: "nul" })).toBe(
      "files.0.userContent: text must not contain the NUL character (U+0000)",
    );
    expect(describeUnstorable({ path: "", kind: "surrogate" })).toBe(
      "text must be valid Unicode (it holds a lone UTF-16 surrogate)",
    );
    expect(describeUnstorable({ path: "a.0", kind: "depth" })).toBe(
      `a.0: nested more than ${MAX_JSON_DEPTH} levels deep`,
    );
  });
});
