import type { Progress, SyncResult } from "@lumen/contracts";
import { describe, expect, it, vi } from "vitest";
import { memoryQueueStore, type QueuedCompletion } from "./offline-queue.ts";
import { syncQueuedProgress } from "./sync-queue.ts";

const progress: Progress = {
  today: { date: "2025-01-03", xp: 20 },
  dailyGoal: { xp: 10 },
  streak: { current: 2, longest: 2, todayCounted: true, freezes: 0 },
  coins: { balance: 4 },
  timeZone: "UTC",
};

const event = (n: number): QueuedCompletion => ({
  clientEventId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  lessonId: n,
  trackId: 1,
  tutorialId: 1,
  chapterId: 1,
  trackVersion: 1,
  completedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
  timeZone: "UTC",
  ownerId: "me",
});

const answerAll = vi.fn(
  async (events: { clientEventId: string }[]): Promise<SyncResult> => ({
    results: events.map((e) => ({
      clientEventId: e.clientEventId,
      counted: true,
      xpEarned: 10,
      countsForStreak: true,
    })),
    progress,
  }),
);

describe("syncQueuedProgress", () => {
  it("sends everything in batches of 200 and empties the queue", async () => {
    const store = memoryQueueStore();
    for (let n = 1; n <= 250; n++) await store.put(event(n));
    answerAll.mockClear();
    const outcome = await syncQueuedProgress({ store, ownerId: "me", send: answerAll });
    expect(answerAll.mock.calls.map(([events]) => events.length)).toEqual([200, 50]);
    expect(answerAll.mock.calls[0]?.[0][0]).not.toHaveProperty("ownerId");
    expect(outcome).toMatchObject({ remaining: 0, error: null, progress });
    expect(outcome.results).toHaveLength(250);
    expect(await store.all()).toEqual([]);
  });

  it("keeps what was not sent when the connection drops halfway", async () => {
    const store = memoryQueueStore();
    for (let n = 1; n <= 201; n++) await store.put(event(n));
    let calls = 0;
    const flaky = async (events: { clientEventId: string }[]) => {
      calls++;
      if (calls === 2) throw new TypeError("Failed to fetch");
      return answerAll(events);
    };
    const outcome = await syncQueuedProgress({ store, ownerId: "me", send: flaky });
    expect(outcome.remaining).toBe(1);
    expect(outcome.error).toBeInstanceOf(TypeError);
    expect((await store.all()).map((e) => e.lessonId)).toEqual([201]);
  });

  it("leaves an event the server did not answer for in the queue", async () => {
    const store = memoryQueueStore();
    await store.put(event(1));
    await store.put(event(2));
    const partial = async () => ({
      results: [
        {
          clientEventId: event(1).clientEventId,
          counted: false,
          xpEarned: 0,
          countsForStreak: false,
        },
      ],
      progress,
    });
    const outcome = await syncQueuedProgress({ store, ownerId: "me", send: partial });
    expect(outcome.remaining).toBe(1);
    expect((await store.all()).map((e) => e.lessonId)).toEqual([2]);
  });

  it("sends nothing when nothing is queued", async () => {
    const send = vi.fn();
    const outcome = await syncQueuedProgress({ store: memoryQueueStore(), ownerId: "me", send });
    expect(send).not.toHaveBeenCalled();
    expect(outcome).toEqual({ results: [], progress: null, remaining: 0, error: null });
  });
});

describe("syncQueuedProgress, single-flight", () => {
  it("shares one sync between triggers that come at once, so nothing is sent twice", async () => {
    const store = memoryQueueStore();
    for (let n = 1; n <= 3; n++) await store.put(event(n));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = vi.fn(async (events: { clientEventId: string }[]) => {
      await gate;
      return answerAll(events);
    });
    const first = syncQueuedProgress({ store, ownerId: "me", send });
    const second = syncQueuedProgress({ store, ownerId: "me", send });
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a.results).toHaveLength(3);
    // Once it has ended, the next trigger syncs again (and finds nothing left to send).
    const third = await syncQueuedProgress({ store, ownerId: "me", send });
    expect(send).toHaveBeenCalledTimes(1);
    expect(third.results).toEqual([]);
  });

  it("sends a guest's events to the first account that signs in, and another's never", async () => {
    const store = memoryQueueStore();
    await store.put({ ...event(1), ownerId: null });
    await store.put({ ...event(2), ownerId: "someone-else" });
    const send = vi.fn((events: { clientEventId: string }[]) => answerAll(events));
    const outcome = await syncQueuedProgress({ store, ownerId: "me", send });
    expect(send.mock.calls[0]?.[0]).toEqual([expect.objectContaining({ lessonId: 1 })]);
    expect(outcome.results).toHaveLength(1);
    expect((await store.all()).map((e) => e.ownerId)).toEqual(["someone-else"]);
  });

  it("waits for another learner's sync before sending this one's", async () => {
    const store = memoryQueueStore();
    await store.put({ ...event(1), ownerId: "a" });
    await store.put({ ...event(2), ownerId: "b" });
    const order: string[] = [];
    const send = (who: string) => async (events: { clientEventId: string }[]) => {
      order.push(`${who} start`);
      await Promise.resolve();
      order.push(`${who} end`);
      return answerAll(events);
    };
    await Promise.all([
      syncQueuedProgress({ store, ownerId: "a", send: send("a") }),
      syncQueuedProgress({ store, ownerId: "b", send: send("b") }),
    ]);
    expect(order).toEqual(["a start", "a end", "b start", "b end"]);
  });

  it("reports a store that cannot be read as an error, having sent nothing", async () => {
    const broken = { ...memoryQueueStore(), all: () => Promise.reject(new Error("blocked")) };
    const send = vi.fn();
    const outcome = await syncQueuedProgress({ store: broken, ownerId: "me", send });
    expect(send).not.toHaveBeenCalled();
    expect(outcome.error).toBeInstanceOf(Error);
  });
});
