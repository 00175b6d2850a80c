import type { Progress } from "@lumen/contracts";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { QueuedCompletion } from "./offline-queue.ts";
import { progressKeys } from "./queries.ts";
import {
  markSynced,
  SYNC_NOTIFICATION_ID,
  SYNCED_NOTIFICATION_ID,
  syncNotice,
} from "./sync-notice.ts";
import type { SyncOutcome } from "./sync-queue.ts";

const progress: Progress = {
  today: { date: "2025-01-03", xp: 20 },
  dailyGoal: { xp: 10 },
  streak: { current: 1, longest: 1, todayCounted: true, freezes: 0 },
  coins: { balance: 3 },
  timeZone: "UTC",
};

const result = (n: number, counted: boolean, xpEarned = counted ? 5 : 0, rejected?: string) => ({
  clientEventId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  counted,
  xpEarned,
  countsForStreak: true,
  ...(rejected ? { rejected } : {}),
});

const outcome = (over: Partial<SyncOutcome>): SyncOutcome => ({
  results: [],
  progress: null,
  remaining: 0,
  error: null,
  ...over,
});

describe("syncNotice", () => {
  it("says how many lessons synced and the XP they earned", () => {
    const notice = syncNotice(
      outcome({ results: [result(1, true, 5), result(2, true, 10), result(3, true, 5)], progress }),
    );
    expect(notice).toMatchObject({
      id: SYNCED_NOTIFICATION_ID,
      title: "3 lessons synced",
      body: "+20 XP · 20 XP today",
      tone: "success",
    });
  });

  it("says when the account had them already: counted once, no XP twice", () => {
    const notice = syncNotice(outcome({ results: [result(1, false), result(2, false)], progress }));
    expect(notice).toMatchObject({
      title: "2 lessons synced",
      body: "already counted in your account · 20 XP today",
    });
    expect(syncNotice(outcome({ results: [result(1, true), result(2, false)] }))?.body).toBe(
      "+5 XP · 1 already counted",
    );
  });

  it("names a refused lesson and what still waits", () => {
    const notice = syncNotice(
      outcome({
        results: [result(1, true), result(2, false, 0, "Print Hello")],
        remaining: 2,
      }),
    );
    expect(notice).toMatchObject({
      title: "1 lesson synced",
      body: "+5 XP · 1 lesson not counted: Print Hello · 2 lessons still waiting",
    });
    expect(syncNotice(outcome({ results: [result(1, false, 0, "Nope")] }))).toMatchObject({
      title: "1 lesson not counted",
      tone: "info",
    });
  });

  it("offers the sync screen when nothing went, and says nothing when nothing waited", () => {
    expect(
      syncNotice(outcome({ remaining: 3, error: new TypeError("Failed to fetch") })),
    ).toMatchObject({
      id: SYNC_NOTIFICATION_ID,
      title: "3 lessons waiting to sync",
      href: "/web/syncProgress",
      linkLabel: "Sync now",
    });
    expect(syncNotice(outcome({}))).toBeUndefined();
  });
});

describe("markSynced", () => {
  it("adds the lessons the server took to the cached track progress, not refused ones", () => {
    const client = new QueryClient();
    client.setQueryData(progressKeys.track(1), {
      trackId: 1,
      completedLessonIds: [10],
      tutorials: [],
    });
    const event = (n: number, lessonId: number): QueuedCompletion => ({
      clientEventId: result(n, true).clientEventId,
      lessonId,
      trackId: 1,
      tutorialId: 101,
      chapterId: 10101,
      trackVersion: 1,
      completedAt: "2025-01-03T10:00:00.000Z",
      timeZone: "UTC",
      ownerId: null,
    });
    markSynced(
      client,
      [event(1, 11), event(2, 12), event(3, 10)],
      [result(1, true), result(2, false, 0, "Nope"), result(3, false)],
    );
    expect(client.getQueryData(progressKeys.track(1))).toMatchObject({
      completedLessonIds: [10, 11],
    });
  });
});
