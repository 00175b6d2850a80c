import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearChapterProgress,
  finishedInChapter,
  finishedLessons,
  markLessonFinished,
  resumeIndex,
} from "./chapter-progress.ts";

const none = new Set<number>();
const lessonIds = [1, 2, 3, 4];

describe("finishedInChapter", () => {
  it("takes the server's word over this device's copy", () => {
    const finished = finishedInChapter({
      lessonIds,
      server: new Set([1, 2, 99]),
      device: new Set([3]),
      queued: none,
      passed: none,
    });
    expect([...finished]).toEqual([1, 2]);
  });

  it("fills the gap with this device's copy while the server is not known", () => {
    const finished = finishedInChapter({
      lessonIds,
      server: undefined,
      device: new Set([3]),
      queued: none,
      passed: none,
    });
    expect([...finished]).toEqual([3]);
  });

  it("adds what waits in the queue and what was passed just now", () => {
    const finished = finishedInChapter({
      lessonIds,
      server: new Set([1]),
      device: none,
      queued: new Set([2]),
      passed: new Set([4]),
    });
    expect([...finished]).toEqual([1, 2, 4]);
  });
});

describe("resumeIndex", () => {
  const lessons = lessonIds.map((id) => ({ id }));
  it("is the first lesson not finished", () => {
    expect(resumeIndex(lessons, new Set([1, 2]))).toBe(2);
    expect(resumeIndex(lessons, new Set([2]))).toBe(0);
  });
  it("is the first lesson when all are finished, or there are none", () => {
    expect(resumeIndex(lessons, new Set(lessonIds))).toBe(0);
    expect(resumeIndex([], none)).toBe(0);
  });
});

describe("this device's copy", () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      get length() {
        return items.size;
      },
      key: (i: number) => [...items.keys()][i] ?? null,
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is kept apart per learner", () => {
    markLessonFinished("ada", 7, 71);
    markLessonFinished("ada", 7, 72);
    markLessonFinished("grace", 7, 73);
    expect([...finishedLessons("ada", 7)]).toEqual([71, 72]);
    expect([...finishedLessons("grace", 7)]).toEqual([73]);
    expect([...finishedLessons("ada", 8)]).toEqual([]);
  });

  it("is cleared for a chapter for every learner, leaving other chapters", () => {
    markLessonFinished("ada", 7, 71);
    markLessonFinished("grace", 7, 73);
    markLessonFinished("ada", 17, 171);
    clearChapterProgress(7);
    expect(finishedLessons("ada", 7).size).toBe(0);
    expect(finishedLessons("grace", 7).size).toBe(0);
    expect([...finishedLessons("ada", 17)]).toEqual([171]);
  });

  it("reads nothing from a value that is not a list of ids", () => {
    localStorage.setItem("lumen-chapter-progress:ada:7", '{"x":1}');
    expect(finishedLessons("ada", 7).size).toBe(0);
    localStorage.setItem("lumen-chapter-progress:ada:7", '[1, "2", 3.5, 4]');
    expect([...finishedLessons("ada", 7)]).toEqual([1, 4]);
  });
});
