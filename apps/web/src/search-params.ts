/**
 * Typed search params of spec section 2's routes, validated at the router. zod/mini keeps the
 * shell's bundle small; a value that does not parse is dropped rather than breaking the page.
 */
import * as z from "zod/mini";

const index = z.catch(z.optional(z.coerce.number().check(z.int(), z.nonnegative())), undefined);
const id = z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined);
const optionalUrl = z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined);

export const lessonSearch = z.object({ lesson: index });
export const tutorSearch = z.object({
  lesson: index,
  clearProgress: z.catch(
    z.optional(
      z.union([
        z.boolean(),
        z.pipe(
          z.enum(["true", "false"]),
          z.transform((v) => v === "true"),
        ),
      ]),
    ),
    undefined,
  ),
});
export const chapterPlaceSearch = z.object({
  trackId: id,
  tutorialId: id,
  chapterId: id,
  sectionIndex: index,
});
export const dailyGoalSearch = z.object({
  trackId: id,
  tutorialId: id,
  chapterId: id,
  sectionIndex: index,
  prevXPCount: index,
});
export const subscribeSearch = z.object({
  redirectUrl: optionalUrl,
  trackingReferer: z.catch(z.optional(z.string().check(z.maxLength(256))), undefined),
});
export const redirectSearch = z.object({ redirectUrl: optionalUrl });
export const backlinkSearch = z.object({ backlink: optionalUrl });
