import type { CompletionResult } from "@lumen/contracts";
import { describe, expect, it, vi } from "vitest";
import {
  type CompleteLessonDeps,
  completeLesson,
  isNetworkFailure,
  keepGuestCompletion,
  onLessonCompleted,
  tokenSubject,
} from "./complete-lesson.ts";
import { memoryQueueStore, onQueueChange } from "./offline-queue.ts";
import { ApiError } from "./progress-api.ts";

const input = {
  trackId: 1,
  tutorialId: 2,
  chapterId: 3,
  trackVersion: 4,
  lessonId: 55,
  files: [{ name: "main.py", content: "print('hi')" }],
};

const result: CompletionResult = {
  counted: true,
  xpEarned: 10,
  coinsEarned: 2,
  chapterFinished: false,
  tutorialFinished: false,
  unlockedTutorialId: null,
  streakIncreased: true,
  milestone: null,
  progress: {
    today: { date: "2025-03-30", xp: 10 },
    dailyGoal: { xp: 10 },
    streak: { current: 1, longest: 1, todayCounted: true, freezes: 0 },
    coins: { balance: 2 },
    timeZone: "Europe/Berlin",
  },
};

function deps(overrides: Partial<CompleteLessonDeps> = {}): CompleteLessonDeps {
  return {
    send: vi.fn(async () => result),
    store: memoryQueueStore(),
    isOnline: () => true,
    now: () => new Date("2025-03-30T01:30:00.000Z"),
    newId: () => "7f1a3c52-61a4-4b43-9d3e-1f5a0e2b9c11",
    timeZone: () => "Europe/Berlin",
    ownerId: async () => "user-1",
    ...overrides,
  };
}

describe("completeLesson", () => {
  it("sends the completion with a new event id, the browser's zone and the local time", async () => {
    const d = deps();
    const outcome = await completeLesson(input, d);
    expect(outcome).toEqual({ queued: false, result });
    expect(d.send).toHaveBeenCalledWith(55, {
      trackId: 1,
      tutorialId: 2,
      chapterId: 3,
      trackVersion: 4,
      files: input.files,
      completedAt: "2025-03-30T01:30:00.000Z",
      timeZone: "Europe/Berlin",
      clientEventId: "7f1a3c52-61a4-4b43-9d3e-1f5a0e2b9c11",
    });
  });

  it("tells listeners about an answered completion", async () => {
    const heard = vi.fn();
    const stop = onLessonCompleted(heard);
    await completeLesson(input, deps());
    stop();
    await completeLesson(input, deps());
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith(result, input);
  });

  it("queues the event with its local timestamp when the browser is offline", async () => {
    const d = deps({ isOnline: () => false });
    const changed = vi.fn();
    const stop = onQueueChange(changed);
    expect(await completeLesson(input, d)).toEqual({ queued: true });
    stop();
    expect(d.send).not.toHaveBeenCalled();
    expect(changed).toHaveBeenCalledOnce();
    expect(await d.store.all()).toEqual([
      {
        lessonId: 55,
        trackId: 1,
        tutorialId: 2,
        chapterId: 3,
        trackVersion: 4,
        files: input.files,
        completedAt: "2025-03-30T01:30:00.000Z",
        timeZone: "Europe/Berlin",
        clientEventId: "7f1a3c52-61a4-4b43-9d3e-1f5a0e2b9c11",
        ownerId: "user-1",
      },
    ]);
  });

  it("queues when the request fails for the network", async () => {
    const d = deps({
      send: vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    });
    expect(await completeLesson(input, d)).toEqual({ queued: true });
    expect(await d.store.all()).toHaveLength(1);
  });

  it("throws a failed check with the server's message and queues nothing", async () => {
    const d = deps({
      send: vi.fn(async () => {
        throw new ApiError(422, "checks_failed", "Print exactly Hello, World!");
      }),
    });
    await expect(completeLesson(input, d)).rejects.toThrow("Print exactly Hello, World!");
    expect(await d.store.all()).toEqual([]);
  });
});

describe("isNetworkFailure", () => {
  it("treats fetch's TypeError and gateway answers as no connection, real answers not", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new ApiError(503, "unavailable", "down"))).toBe(true);
    expect(isNetworkFailure({ code: "auth/network-request-failed" })).toBe(true);
    expect(isNetworkFailure(new ApiError(422, "checks_failed", "no"))).toBe(false);
    expect(isNetworkFailure(new ApiError(401, "unauthenticated", "no"))).toBe(false);
    expect(isNetworkFailure(new Error("bug"))).toBe(false);
  });
});

describe("tokenSubject", () => {
  it("reads the sub of a JWT and nothing from a token that is not one", () => {
    const payload = btoa(JSON.stringify({ sub: "abc" })).replace(/=+$/, "");
    expect(tokenSubject(`h.${payload}.s`)).toBe("abc");
    expect(tokenSubject("not-a-jwt")).toBeNull();
    expect(tokenSubject(null)).toBeNull();
  });
});

describe("keepGuestCompletion", () => {
  it("keeps a guest's lesson on the device, with its files, for the first account to sign in", async () => {
    const d = deps();
    const heard = vi.fn();
    const stop = onQueueChange(heard);
    expect(await keepGuestCompletion(input, d)).toEqual({ queued: true });
    stop();
    expect(d.send).not.toHaveBeenCalled();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(await d.store.all()).toEqual([
      {
        trackId: 1,
        tutorialId: 2,
        chapterId: 3,
        trackVersion: 4,
        lessonId: 55,
        files: input.files,
        completedAt: "2025-03-30T01:30:00.000Z",
        timeZone: "Europe/Berlin",
        clientEventId: "7f1a3c52-61a4-4b43-9d3e-1f5a0e2b9c11",
        ownerId: null,
      },
    ]);
  });

  it("keeps one entry a lesson, however often the guest finishes it", async () => {
    const d = deps();
    let n = 0;
    const newId = () => `00000000-0000-4000-8000-00000000000${++n}`;
    await keepGuestCompletion(input, { ...d, newId });
    await keepGuestCompletion(input, { ...d, newId });
    await keepGuestCompletion({ ...input, lessonId: 56 }, { ...d, newId });
    expect((await d.store.all()).map((e) => e.lessonId)).toEqual([55, 56]);
  });
});
