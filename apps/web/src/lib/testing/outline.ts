/** Test code only: track outlines as GET /v1/tracks/{t} answers them, built small. */
import type { OutlineTutorial } from "../catalog-client.ts";

/** A tutorial whose chapters each hold two code lessons (ids chapter × 100 + 1 and + 2). */
export const outlineTutorial = (
  id: number,
  chapterIds: number[],
  project = false,
): OutlineTutorial => ({
  id,
  slug: `t${id}`,
  title: `Tutorial ${id}`,
  description: "",
  project,
  chapters: chapterIds.map((c) => ({
    id: c,
    slug: `c${c}`,
    title: `Chapter ${c}`,
    lessons: [0, 1].map((i) => ({ id: c * 100 + i + 1, index: i, title: "L", type: "code" })),
  })),
});
