import { describe, expect, it } from "vitest";
import type { Draft } from "./draft-store.ts";
import { applySaved, editableFiles, mergeLessonFiles, type StarterFile } from "./merge-files.ts";

const starter: StarterFile[] = [
  { name: "main.py", content: "# start\n", readonly: false, hidden: false },
  { name: "data.py", content: "DATA = 1\n", readonly: true, hidden: false },
  { name: "helper.py", content: "X = 2\n", readonly: false, hidden: true },
];

const draft = (content: string, synced: boolean): Draft => ({
  owner: "u1",
  lessonId: 1,
  files: [{ name: "main.py", content }],
  updatedAt: 1,
  synced,
});

const main = (files: StarterFile[]) => files.find((f) => f.name === "main.py")?.content;

describe("mergeLessonFiles", () => {
  it("opens with the starter files when nothing is saved", () => {
    const merged = mergeLessonFiles({ starter, server: [] });
    expect(merged).toEqual({ files: starter, source: "starter", needsUpload: false });
  });

  it("takes the server's files over the starter", () => {
    const merged = mergeLessonFiles({
      starter,
      server: [{ name: "main.py", content: "print(1)\n" }],
    });
    expect(main(merged.files)).toBe("print(1)\n");
    expect(merged.source).toBe("server");
    expect(merged.needsUpload).toBe(false);
  });

  it("lets an unsent draft win over the server and asks to upload it", () => {
    const merged = mergeLessonFiles({
      starter,
      server: [{ name: "main.py", content: "old\n" }],
      draft: draft("newer\n", false),
    });
    expect(main(merged.files)).toBe("newer\n");
    expect(merged).toMatchObject({ source: "draft", needsUpload: true });
  });

  it("lets the server win over a confirmed draft (another device saved since)", () => {
    const merged = mergeLessonFiles({
      starter,
      server: [{ name: "main.py", content: "from the laptop\n" }],
      draft: draft("from this phone\n", true),
    });
    expect(main(merged.files)).toBe("from the laptop\n");
    expect(merged.source).toBe("server");
  });

  it("keeps a confirmed draft the server no longer has, and sends it again", () => {
    const merged = mergeLessonFiles({ starter, server: [], draft: draft("kept\n", true) });
    expect(main(merged.files)).toBe("kept\n");
    expect(merged.needsUpload).toBe(true);
  });

  it("uses the draft alone when the server could not be asked", () => {
    const merged = mergeLessonFiles({ starter, draft: draft("offline\n", true) });
    expect(main(merged.files)).toBe("offline\n");
    expect(merged.needsUpload).toBe(false);
  });
});

describe("applySaved", () => {
  it("never replaces read-only or hidden files, and ignores unknown names", () => {
    const files = applySaved(starter, [
      { name: "data.py", content: "hacked" },
      { name: "helper.py", content: "hacked" },
      { name: "other.py", content: "x" },
    ]);
    expect(files).toEqual(starter);
  });
});

describe("editableFiles", () => {
  it("lists only what the learner can change", () => {
    expect(editableFiles(starter)).toEqual([{ name: "main.py", content: "# start\n" }]);
  });
});
