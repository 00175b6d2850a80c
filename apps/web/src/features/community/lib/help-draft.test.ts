/** The "Ask the community" draft survives the trip through sessionStorage, and junk is refused. */
import { describe, expect, it } from "vitest";
import { clearHelpDraft, draftTitle, readHelpDraft, saveHelpDraft } from "./help-draft.ts";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const draft = {
  trackId: 2,
  tutorialId: 201,
  chapterId: 20101,
  lessonId: 2010102,
  lessonTitle: "Log",
  files: [{ path: "index.js", content: "console.log(1)" }],
  failingCheck: "Log exactly Hello.",
};

describe("help draft", () => {
  it("round-trips and clears", () => {
    const storage = memoryStorage();
    saveHelpDraft(draft, storage);
    expect(readHelpDraft(storage)).toEqual(draft);
    clearHelpDraft(storage);
    expect(readHelpDraft(storage)).toBeUndefined();
  });
  it("refuses drafts without a lesson's place and drops bad files", () => {
    const storage = memoryStorage();
    storage.setItem("lumen.community.help-draft", JSON.stringify({ ...draft, lessonId: "x" }));
    expect(readHelpDraft(storage)).toBeUndefined();
    storage.setItem("lumen.community.help-draft", "{not json");
    expect(readHelpDraft(storage)).toBeUndefined();
    storage.setItem(
      "lumen.community.help-draft",
      JSON.stringify({ ...draft, files: [{ path: 1 }, draft.files[0]] }),
    );
    expect(readHelpDraft(storage)?.files).toEqual(draft.files);
  });
  it("suggests a title from the lesson", () => {
    expect(draftTitle(draft)).toBe('Stuck on "Log"');
  });
});
