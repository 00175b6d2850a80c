import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SavedFile } from "../api/saved-files-client.ts";
import { memoryDraftStore } from "./draft-store.ts";
import { LessonSaver, type SaveStatus } from "./lesson-saver.ts";

const file = (content: string): SavedFile[] => [{ name: "main.py", content }];

function setup(upload?: (files: SavedFile[]) => Promise<void>, online = () => true) {
  const store = memoryDraftStore();
  const statuses: SaveStatus[] = [];
  const saver = new LessonSaver({
    owner: "u1",
    lessonId: 7,
    store,
    upload,
    onStatus: (s) => statuses.push(s),
    isOnline: online,
    now: () => 1000,
    debounceMs: 500,
    retryDelaysMs: [1000, 2000],
  });
  return { store, statuses, saver };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("LessonSaver", () => {
  it("keeps every change on the device at once, before any upload", async () => {
    const upload = vi.fn(async () => {});
    const { store, saver } = setup(upload);
    await saver.change(file("a"));
    await saver.change(file("ab"));
    expect(await store.get("u1", 7)).toMatchObject({ files: file("ab"), synced: false });
    expect(upload).not.toHaveBeenCalled();
  });

  it("uploads once after the pause in typing, then marks the draft confirmed", async () => {
    const upload = vi.fn(async (_files: SavedFile[]) => {});
    const { store, statuses, saver } = setup(upload);
    await saver.change(file("a"));
    await saver.change(file("ab"));
    await vi.advanceTimersByTimeAsync(500);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledWith(file("ab"));
    expect(await store.get("u1", 7)).toMatchObject({ files: file("ab"), synced: true });
    expect(statuses.at(-1)).toBe("saved");
  });

  it("retries a failed save and loses nothing", async () => {
    const upload = vi
      .fn<(files: SavedFile[]) => Promise<void>>()
      .mockRejectedValueOnce(new Error("Could not post saved files"))
      .mockResolvedValue(undefined);
    const { store, statuses, saver } = setup(upload);
    await saver.change(file("print(1)"));
    await vi.advanceTimersByTimeAsync(500);
    expect(statuses.at(-1)).toBe("unsaved");
    expect(await store.get("u1", 7)).toMatchObject({ files: file("print(1)"), synced: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toBe("saved");
    expect(await store.get("u1", 7)).toMatchObject({ synced: true });
  });

  it("says offline while the connection is gone, and retries when it returns", async () => {
    let online = false;
    const upload = vi.fn(async () => {
      if (!online) throw new TypeError("Failed to fetch");
    });
    const { statuses, saver } = setup(upload, () => online);
    await saver.change(file("x"));
    expect(statuses.at(-1)).toBe("offline");
    await vi.advanceTimersByTimeAsync(500);
    expect(statuses.at(-1)).toBe("offline");
    online = true;
    saver.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe("saved");
  });

  it("does not mark newer typing as saved when an older save finishes", async () => {
    let finish: () => void = () => {};
    const upload = vi.fn(
      (_files: SavedFile[]) =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { store, saver } = setup(upload);
    await saver.change(file("one"));
    await vi.advanceTimersByTimeAsync(500);
    await saver.change(file("two"));
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(await store.get("u1", 7)).toMatchObject({ files: file("two"), synced: false });
    await vi.advanceTimersByTimeAsync(500);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(upload).toHaveBeenLastCalledWith(file("two"));
    expect(await store.get("u1", 7)).toMatchObject({ files: file("two"), synced: true });
  });

  it("keeps a learner without an account on this device only", async () => {
    const { store, statuses, saver } = setup(undefined);
    await saver.change(file("local"));
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe("local");
    expect(await store.get("u1", 7)).toMatchObject({ files: file("local") });
  });
});
