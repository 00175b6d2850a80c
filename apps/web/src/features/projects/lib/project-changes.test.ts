/** projectChanges and mergeProjectFiles: what a save sends, and a merge that loses no text. */
import { describe, expect, it } from "vitest";
import { mergeProjectFiles, otherDevicePath, projectChanges } from "./project-changes.ts";

const f = (path: string, content: string) => ({ path, content });

describe("projectChanges", () => {
  it("sends changed and new files, and deletes removed ones", () => {
    expect(
      projectChanges([f("a.py", "1"), f("b.py", "2")], [f("a.py", "1"), f("c.py", "3")]),
    ).toEqual({ upserts: [f("c.py", "3")], deletes: ["b.py"] });
  });
});

describe("mergeProjectFiles", () => {
  it("takes each side's own changes", () => {
    const base = [f("a", "1"), f("b", "1"), f("c", "1")];
    const mine = [f("a", "mine"), f("b", "1"), f("c", "1"), f("new", "x")];
    const theirs = [f("a", "1"), f("b", "theirs")];
    expect(mergeProjectFiles(base, mine, theirs)).toEqual({
      files: [f("a", "mine"), f("b", "theirs"), f("new", "x")],
      keptBoth: [],
    });
  });

  it("keeps both texts of a file changed on both sides", () => {
    const merged = mergeProjectFiles(
      [f("main.py", "0")],
      [f("main.py", "mine")],
      [f("main.py", "theirs")],
    );
    expect(merged.files).toEqual([f("main.py", "mine"), f("main.other-device.py", "theirs")]);
    expect(merged.keptBoth).toEqual(["main.py"]);
  });

  it("brings back a file deleted here but changed there", () => {
    expect(mergeProjectFiles([f("a", "1")], [], [f("a", "2")]).files).toEqual([f("a", "2")]);
  });
});

describe("otherDevicePath", () => {
  it("puts the marker before the extension and avoids taken names", () => {
    expect(otherDevicePath("src/app.js", new Set())).toBe("src/app.other-device.js");
    expect(otherDevicePath("Makefile", new Set(["Makefile.other-device"]))).toBe(
      "Makefile.other-device-2",
    );
  });
});
