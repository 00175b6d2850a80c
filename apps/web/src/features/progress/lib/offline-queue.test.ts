import { describe, expect, it } from "vitest";
import {
  batches,
  forgetGuestLessons,
  memoryQueueStore,
  pendingFor,
  type QueuedCompletion,
  queuedLessonIds,
  SYNC_BATCH_SIZE,
  toSyncEvent,
} from "./offline-queue.ts";

const item = (id: string, completedAt: string, ownerId: string | null): QueuedCompletion => ({
  clientEventId: id,
  lessonId: 1,
  trackId: 1,
  tutorialId: 1,
  chapterId: 1,
  trackVersion: 1,
  completedAt,
  timeZone: "UTC",
  ownerId,
});

describe("the offline queue", () => {
  it("gives this user's events oldest first and never another account's", async () => {
    const store = memoryQueueStore();
    await store.put(item("b", "2025-01-02T10:00:00.000Z", "me"));
    await store.put(item("a", "2025-01-01T10:00:00.000Z", "me"));
    await store.put(item("x", "2025-01-01T09:00:00.000Z", "someone-else"));
    await store.put(item("n", "2025-01-03T09:00:00.000Z", null));
    const pending = await pendingFor(store, "me");
    expect(pending.map((p) => p.clientEventId)).toEqual(["a", "b", "n"]);
  });

  it("keeps one entry per event id and forgets the ones removed", async () => {
    const store = memoryQueueStore();
    await store.put(item("a", "2025-01-01T10:00:00.000Z", "me"));
    await store.put(item("a", "2025-01-01T10:00:00.000Z", "me"));
    await store.put(item("b", "2025-01-01T11:00:00.000Z", "me"));
    await store.remove(["a"]);
    expect((await store.all()).map((p) => p.clientEventId)).toEqual(["b"]);
  });

  it("splits into the sync endpoint's batches of 200", () => {
    const many = Array.from({ length: 401 }, (_, i) => i);
    expect(batches(many).map((b) => b.length)).toEqual([SYNC_BATCH_SIZE, SYNC_BATCH_SIZE, 1]);
    expect(batches([])).toEqual([]);
  });

  it("sends everything but the device's bookkeeping", () => {
    const event = toSyncEvent(item("a", "2025-01-01T10:00:00.000Z", "me"));
    expect(event).not.toHaveProperty("ownerId");
    expect(event).toMatchObject({ clientEventId: "a", completedAt: "2025-01-01T10:00:00.000Z" });
  });

  it("shows a guest only a guest's events, never an account's", async () => {
    const store = memoryQueueStore();
    await store.put(item("a", "2025-01-01T10:00:00.000Z", "me"));
    await store.put({ ...item("g", "2025-01-01T11:00:00.000Z", null), lessonId: 7 });
    expect((await pendingFor(store, null)).map((p) => p.clientEventId)).toEqual(["g"]);
    expect([...(await queuedLessonIds(store, null))]).toEqual([7]);
    expect([...(await queuedLessonIds(store, "me"))].sort()).toEqual([1, 7]);
  });

  it("forgets a guest's completions of some lessons, and only a guest's", async () => {
    const store = memoryQueueStore();
    await store.put(item("mine", "2025-01-01T10:00:00.000Z", "me"));
    await store.put(item("guest", "2025-01-01T11:00:00.000Z", null));
    await store.put({ ...item("other", "2025-01-01T12:00:00.000Z", null), lessonId: 2 });
    await forgetGuestLessons(store, [1]);
    expect((await store.all()).map((p) => p.clientEventId).sort()).toEqual(["mine", "other"]);
  });
});
