import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";

const CHAPTER = {
  trackId: 1,
  trackVersion: 3,
  tutorialId: 101,
  id: 10101,
  slug: "first-steps",
  title: "First steps",
  lessons: [],
};
const OUTLINE = {
  id: 1,
  slug: "python",
  title: "Python",
  description: "",
  language: "python",
  version: 3,
  counts: { sections: 0, tutorials: 0, chapters: 0, lessons: 0 },
  sections: [],
};

/** Loads the modules fresh against a page carrying this payload. */
async function withPage(payload: Record<string, unknown>) {
  vi.resetModules();
  vi.stubGlobal("document", {
    getElementById: (id: string) =>
      id === "lumen-prefetch" ? { textContent: JSON.stringify(payload) } : null,
  });
  return {
    queries: await import("./queries.ts"),
    prefetched: await import("./prefetched.ts"),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the page's answers seeded into the query cache", () => {
  it("are the chapter and outline queries' data, fresh from when they are seeded", async () => {
    const { queries, prefetched } = await withPage({
      "/v1/tracks/1/tutorials/101/chapters/10101": CHAPTER,
      "/v1/tracks/1": OUTLINE,
      "/v1/other": { kept: true },
    });
    const client = new QueryClient();
    queries.seedPrefetchedAnswers(client, 1000);
    const place = { trackId: 1, tutorialId: 101, chapterId: 10101 };
    expect(client.getQueryData(queries.chapterQuery(place).queryKey)).toEqual(CHAPTER);
    expect(client.getQueryData(queries.trackOutlineQuery(1).queryKey)).toEqual(OUTLINE);
    expect(client.getQueryState(queries.trackOutlineQuery(1).queryKey)?.dataUpdatedAt).toBe(1000);
    // Taken once: a later read goes to the network; a path no query knows is left for apiFetch.
    expect(prefetched.prefetchedPaths()).toEqual(["/v1/other"]);
  });

  it("leave out an answer that does not match its schema", async () => {
    const { queries } = await withPage({ "/v1/tracks/2": { id: "two" } });
    const client = new QueryClient();
    queries.seedPrefetchedAnswers(client);
    expect(client.getQueryData(queries.trackOutlineQuery(2).queryKey)).toBeUndefined();
  });
});
