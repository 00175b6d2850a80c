import { describe, expect, it, vi } from "vitest";
import { ANONYMOUS_OWNER, memoryDraftStore } from "./draft-store.ts";
import {
  adoptGuestDrafts,
  hasGuestWork,
  memoryPlaceBook,
  parsePlaces,
  rememberGuestLesson,
} from "./guest-drafts.ts";

const place = { trackId: 1, tutorialId: 101, chapterId: 10101, trackVersion: 3 };
const files = (content: string) => [{ name: "main.py", content }];

async function guestWith(...lessons: Array<[number, string, number]>) {
  const store = memoryDraftStore();
  const book = memoryPlaceBook();
  for (const [lessonId, content, updatedAt] of lessons) {
    rememberGuestLesson(lessonId, place, book);
    await store.put({
      owner: ANONYMOUS_OWNER,
      lessonId,
      files: files(content),
      updatedAt,
      synced: false,
    });
  }
  return { store, book };
}

describe("a guest's drafts on sign-in", () => {
  it("become the account's drafts and are sent as its saved files", async () => {
    const { store, book } = await guestWith([11, "print('mine')", 100], [12, "print(2)", 200]);
    expect(hasGuestWork(book)).toBe(true);
    const upload = vi.fn(async () => undefined);
    const adoption = await adoptGuestDrafts({ userId: "ada", store, book, upload });
    expect(adoption.adopted).toEqual([11, 12]);
    expect(await adoption.uploaded).toEqual([11, 12]);
    expect(upload).toHaveBeenCalledWith(11, place, files("print('mine')"));
    expect(await store.get("ada", 11)).toMatchObject({
      owner: "ada",
      files: files("print('mine')"),
      synced: true,
    });
    expect(await store.get(ANONYMOUS_OWNER, 11)).toBeUndefined();
    expect(hasGuestWork(book)).toBe(false);
  });

  it("stay unconfirmed when the server cannot take them, so the lesson sends them later", async () => {
    const { store, book } = await guestWith([11, "print('mine')", 100]);
    const upload = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const adoption = await adoptGuestDrafts({ userId: "ada", store, book, upload });
    expect(await adoption.uploaded).toEqual([]);
    expect(await store.get("ada", 11)).toMatchObject({
      synced: false,
      files: files("print('mine')"),
    });
  });

  it("give way to the account's own newer draft on this device", async () => {
    const { store, book } = await guestWith([11, "print('guest')", 100]);
    await store.put({
      owner: "ada",
      lessonId: 11,
      files: files("newer"),
      updatedAt: 500,
      synced: true,
    });
    const upload = vi.fn(async () => undefined);
    const adoption = await adoptGuestDrafts({ userId: "ada", store, book, upload });
    expect(adoption.adopted).toEqual([]);
    expect(upload).not.toHaveBeenCalled();
    expect((await store.get("ada", 11))?.files).toEqual(files("newer"));
    expect(await store.get(ANONYMOUS_OWNER, 11)).toBeUndefined();
  });

  it("go to the first account only: a second sign-in finds nothing to take", async () => {
    const { store, book } = await guestWith([11, "print('guest')", 100]);
    const upload = vi.fn(async () => undefined);
    await adoptGuestDrafts({ userId: "ada", store, book, upload });
    const second = await adoptGuestDrafts({ userId: "grace", store, book, upload });
    expect(second.adopted).toEqual([]);
    expect(await store.get("grace", 11)).toBeUndefined();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it("are not marked confirmed when the learner changed them while they were sent", async () => {
    const { store, book } = await guestWith([11, "print('guest')", 100]);
    const upload = vi.fn(async () => {
      await store.put({
        owner: "ada",
        lessonId: 11,
        files: files("typed"),
        updatedAt: 300,
        synced: false,
      });
    });
    const adoption = await adoptGuestDrafts({ userId: "ada", store, book, upload });
    await adoption.uploaded;
    expect(await store.get("ada", 11)).toMatchObject({ files: files("typed"), synced: false });
  });
});

describe("the book of a guest's lessons", () => {
  it("keeps only well-formed places", () => {
    const raw = JSON.stringify({
      "11": place,
      "12": { ...place, trackId: -1 },
      x: place,
      "13": null,
    });
    expect([...parsePlaces(raw).keys()]).toEqual([11]);
    expect(parsePlaces("not json").size).toBe(0);
    expect(parsePlaces("[1,2]").size).toBe(0);
    expect(parsePlaces(null).size).toBe(0);
  });
});
