import { describe, expect, it } from "vitest";
import {
  calendarQuerySchema,
  dailyGoalBodySchema,
  lessonCompletionBodySchema,
  syncBodySchema,
  timeZoneBodySchema,
} from "./progress.ts";

const body = {
  trackId: 1,
  tutorialId: 101,
  chapterId: 10101,
  trackVersion: 3,
  timeZone: "Europe/Berlin",
  clientEventId: "6f1c2a52-5b7e-4b8e-9a53-2f7f1d3c9e11",
};

describe("progress contracts", () => {
  it("accepts a completion with local time and offset", () => {
    expect(lessonCompletionBodySchema.safeParse(body).success).toBe(true);
    const withTime = { ...body, completedAt: "2024-03-31T01:30:00+01:00" };
    expect(lessonCompletionBodySchema.safeParse(withTime).success).toBe(true);
  });

  it("refuses unknown time zones, impossible dates and goals not on offer", () => {
    expect(timeZoneBodySchema.safeParse({ timeZone: "Mars/Base" }).success).toBe(false);
    expect(calendarQuerySchema.safeParse({ from: "2023-02-29", to: "2023-03-01" }).success).toBe(
      false,
    );
    expect(calendarQuerySchema.safeParse({ from: "2024-02-29", to: "2024-03-01" }).success).toBe(
      true,
    );
    expect(dailyGoalBodySchema.safeParse({ xp: 25 }).success).toBe(false);
    expect(dailyGoalBodySchema.safeParse({ xp: 50 }).success).toBe(true);
  });

  it("limits a sync to 200 events", () => {
    const event = { ...body, lessonId: 1010101 };
    expect(syncBodySchema.safeParse({ events: Array(200).fill(event) }).success).toBe(true);
    expect(syncBodySchema.safeParse({ events: Array(201).fill(event) }).success).toBe(false);
  });
});
