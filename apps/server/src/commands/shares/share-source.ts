/**
 * What a new share snapshots: one of the caller's projects (its files now) or the caller's saved
 * solution of a code lesson they may open (the lesson's visible files, their saved copies over the
 * editable ones). Hidden files stay out: they hold a lesson's checks, not the learner's work.
 */
import type { CreateShareBody, SharedFile } from "@lumen/contracts";
import { and, type Db, eq, schema } from "@lumen/db";
import type { PlanSettings } from "../../billing/effective-plan.ts";
import { assertLessonOpen } from "../../billing/lesson-access.ts";
import type { CatalogStore } from "../../catalog/catalog-store.ts";
import { AppError, errors } from "../../errors.ts";
import { chapterIn, editableFileNames } from "../find-chapter.ts";

export interface ShareSource {
  kind: "project" | "lesson";
  projectId: string | null;
  lessonId: number | null;
  title: string;
  runtime: string;
  entry: string;
  files: SharedFile[];
}

export interface ReadShareSourceOptions {
  db: Db;
  catalog: CatalogStore;
  user: { id: string; roles: readonly string[] };
  body: CreateShareBody;
  now: Date;
  env: PlanSettings;
}

async function projectSource(db: Db, userId: string, projectId: string): Promise<ShareSource> {
  const [project] = await db
    .select()
    .from(schema.projects)
    .where(and(eq(schema.projects.id, projectId), eq(schema.projects.userId, userId)));
  // Somebody else's project is as absent as one that never existed.
  if (!project) throw errors.notFound("This project");
  const files = await db
    .select({ path: schema.projectFiles.path, content: schema.projectFiles.content })
    .from(schema.projectFiles)
    .where(eq(schema.projectFiles.projectId, project.id))
    .orderBy(schema.projectFiles.path);
  if (files.length === 0) throw errors.validation("This project has no files to share.");
  return {
    kind: "project",
    projectId: project.id,
    lessonId: null,
    title: project.name,
    runtime: project.template,
    entry: project.entry,
    files,
  };
}

async function lessonSource(
  options: ReadShareSourceOptions & { body: Extract<CreateShareBody, { kind: "lesson" }> },
): Promise<ShareSource> {
  const { db, catalog, user, body, now, env } = options;
  const track = await catalog.track(body.trackId);
  const { tutorial, chapter } = chapterIn(track, body);
  const lesson = chapter.lessons.find((l) => l.id === body.lessonId);
  if (!lesson) throw errors.notFound(`Lesson ${body.lessonId} in chapter ${body.chapterId}`);
  await assertLessonOpen({ db, user, track, tutorialId: tutorial.id, now, env });
  const visible = lesson.executableContent.files.filter((f) => !f.hidden);
  if ((lesson.type !== "code" && lesson.type !== "project") || visible.length === 0) {
    throw errors.validation("Only a code lesson's solution can be shared.");
  }
  const saved = await db
    .select({ name: schema.savedFiles.name, content: schema.savedFiles.content })
    .from(schema.savedFiles)
    .where(and(eq(schema.savedFiles.userId, user.id), eq(schema.savedFiles.lessonId, lesson.id)));
  const editable = new Set(editableFileNames(lesson));
  const mine = new Map(saved.filter((f) => editable.has(f.name)).map((f) => [f.name, f.content]));
  if (mine.size === 0) {
    throw new AppError("conflict", "There is no saved code in this lesson yet: write some first.");
  }
  const files = visible.map((f) => ({ path: f.name, content: mine.get(f.name) ?? f.content }));
  const entry = files.find((f) => editable.has(f.path))?.path ?? files[0]?.path ?? "";
  return {
    kind: "lesson",
    projectId: null,
    lessonId: lesson.id,
    title: lesson.title,
    runtime: lesson.codeLanguage,
    entry,
    files,
  };
}

export async function readShareSource(options: ReadShareSourceOptions): Promise<ShareSource> {
  const { body } = options;
  if (body.kind === "project") return projectSource(options.db, options.user.id, body.projectId);
  return lessonSource({ ...options, body });
}
