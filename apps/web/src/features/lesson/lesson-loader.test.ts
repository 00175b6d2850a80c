import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthStatus } from "../auth/components/auth-provider.tsx";
import { loadLesson } from "./lesson-loader.ts";

const PARAMS = { trackId: "1", tutorialId: "103", chapterId: "10301" };
const CHAPTER_PATH = "/v1/tracks/1/tutorials/103/chapters/10301";

/** The API as the lesson route meets it: the chapter answers `chapter`, the outline 404. */
function serve(chapter: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (path: string) =>
    path === CHAPTER_PATH
      ? chapter()
      : Response.json({ code: "not_found", message: "" }, { status: 404 }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const context = (status: AuthStatus = "signedOut") => ({
  // Retries at once: a failure's one retry is part of what is tested, its delay is not.
  queryClient: new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } }),
  auth: {
    current: () => ({ status, userId: null }),
    settled: async () => ({ status, userId: null }),
  },
});

afterEach(() => vi.unstubAllGlobals());

describe("the lesson route's loader", () => {
  it("says a chapter the plan does not open is locked, asked once, under whom", async () => {
    const fetch = serve(() =>
      Response.json({ code: "plan_required", message: "Starter opens it." }, { status: 402 }),
    );
    await expect(loadLesson(context("signedIn"), PARAMS)).resolves.toEqual({
      locked: true,
      askedAs: "signedIn",
    });
    // A lock is not retried as a failure would be.
    expect(fetch.mock.calls.filter(([path]) => path === CHAPTER_PATH)).toHaveLength(1);
  });

  it("opens a chapter that loads", async () => {
    serve(() =>
      Response.json({
        trackId: 1,
        trackVersion: 1,
        tutorialId: 103,
        id: 10301,
        slug: "lists",
        title: "Lists",
        lessons: [],
      }),
    );
    await expect(loadLesson(context(), PARAMS)).resolves.toEqual({
      locked: false,
      askedAs: "signedOut",
    });
  });

  it("fails the route when the server cannot be reached, never showing a lock", async () => {
    serve(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(loadLesson(context(), PARAMS)).rejects.toThrow("Failed to fetch");
  });

  it("fails the route on a server error, after asking once more", async () => {
    const fetch = serve(() =>
      Response.json({ code: "internal", message: "boom" }, { status: 500 }),
    );
    await expect(loadLesson(context(), PARAMS)).rejects.toMatchObject({ status: 500 });
    expect(fetch.mock.calls.filter(([path]) => path === CHAPTER_PATH)).toHaveLength(2);
  });
});
