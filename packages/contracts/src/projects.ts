/**
 * Issue 17: the projects API's request and answer schemas (/v1/projects), shared by the server and
 * the web app. Sizes are bounded here (zod) and the project rules (paths, limits) are core's.
 */
import { PROJECT_LIMITS, PROJECT_TEMPLATE_IDS } from "@lumen/core";
import { z } from "./zod.ts";

export const projectTemplateIdSchema = z.enum(PROJECT_TEMPLATE_IDS);

/** A path as sent: bounded here; its shape is checked by core's projectPathProblem. */
const pathSchema = z.string().check(z.minLength(1), z.maxLength(PROJECT_LIMITS.pathLength));
const contentSchema = z.string().check(z.maxLength(PROJECT_LIMITS.fileBytes));

export const projectFileSchema = z.object({ path: pathSchema, content: contentSchema });
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const projectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  template: projectTemplateIdSchema,
  entry: z.string(),
  revision: z.number(),
  fileCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  template: projectTemplateIdSchema,
  entry: z.string(),
  revision: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  files: z.array(z.object({ path: z.string(), content: z.string() })),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListAnswerSchema = z.object({
  projects: z.array(projectSummarySchema),
  limit: z.number(),
});
export type ProjectListAnswer = z.infer<typeof projectListAnswerSchema>;

export const projectAnswerSchema = z.object({ project: projectSchema });
export type ProjectAnswer = z.infer<typeof projectAnswerSchema>;

export const createProjectBodySchema = z.object({
  name: z.string().check(z.maxLength(200)),
  template: projectTemplateIdSchema,
});
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const renameProjectBodySchema = z.object({ name: z.string().check(z.maxLength(200)) });
export type RenameProjectBody = z.infer<typeof renameProjectBodySchema>;

/**
 * One save: whole files written (created or replaced), paths deleted and renames, applied in that
 * order: renames, deletes, writes. `baseRevision` is the revision the device's copy started from;
 * a stale one is refused with 409 and the server's project, so nothing is overwritten blindly.
 */
export const saveProjectFilesBodySchema = z.object({
  baseRevision: z.number().check(z.int(), z.gte(0)),
  upserts: z.optional(z.array(projectFileSchema).check(z.maxLength(PROJECT_LIMITS.files))),
  deletes: z.optional(z.array(pathSchema).check(z.maxLength(PROJECT_LIMITS.files * 2))),
  renames: z.optional(
    z
      .array(z.object({ from: pathSchema, to: pathSchema }))
      .check(z.maxLength(PROJECT_LIMITS.files)),
  ),
  entry: z.optional(pathSchema),
});
export type SaveProjectFilesBody = z.infer<typeof saveProjectFilesBodySchema>;

/** The 409 answer of a stale save: the usual error body plus the server's current project. */
export const projectConflictAnswerSchema = z.object({
  code: z.literal("conflict"),
  message: z.string(),
  project: projectSchema,
});
export type ProjectConflictAnswer = z.infer<typeof projectConflictAnswerSchema>;
