/**
 * The builder's rows (issue 18): a learner's own build (anyone else's is a 404), its files, its
 * turns, writing a turn's changes with the revision raised, and the answers' shapes.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { BuildChange, BuildSummary, BuildTurn } from "@lumen/contracts";
import { APP_TEMPLATE_KEYS, type AppTemplateKey } from "@lumen/core";
import { and, asc, type Db, eq, inArray, schema, sql } from "@lumen/db";
import { errors } from "../errors.ts";

export type BuildRow = typeof schema.builds.$inferSelect;
export type TurnRow = typeof schema.buildTurns.$inferSelect;

const TEMPLATES_DIR = path.resolve(import.meta.dirname, "../../../../templates/apps");
const templateCache = new Map<AppTemplateKey, Array<{ path: string; content: string }>>();

function readTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name === "dist" || name === "data") continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else
        files.set(path.relative(root, full).split(path.sep).join("/"), readFileSync(full, "utf8"));
    }
  };
  walk(root);
  return files;
}

/** A template's starting files: the base app with the template's own files over it. */
export function templateFiles(key: AppTemplateKey): Array<{ path: string; content: string }> {
  const cached = templateCache.get(key);
  if (cached) return cached;
  const files = readTree(path.join(TEMPLATES_DIR, "base"));
  if (key !== "blank") {
    for (const [file, content] of readTree(path.join(TEMPLATES_DIR, key))) files.set(file, content);
  }
  const list = [...files.entries()]
    .map(([file, content]) => ({ path: file, content }))
    .sort((a, b) => a.path.localeCompare(b.path));
  templateCache.set(key, list);
  return list;
}

export async function findOwnBuild(db: Db, userId: string, buildId: string): Promise<BuildRow> {
  if (!/^[0-9a-f-]{36}$/i.test(buildId)) throw errors.notFound("This build");
  const [row] = await db
    .select()
    .from(schema.builds)
    .where(and(eq(schema.builds.id, buildId), eq(schema.builds.userId, userId)));
  if (!row) throw errors.notFound("This build");
  return row;
}

export async function buildFilesOf(db: Db, buildId: string) {
  return db
    .select({ path: schema.buildFiles.path, content: schema.buildFiles.content })
    .from(schema.buildFiles)
    .where(eq(schema.buildFiles.buildId, buildId))
    .orderBy(asc(schema.buildFiles.path));
}

export async function turnsOf(db: Db, buildId: string): Promise<TurnRow[]> {
  return db
    .select()
    .from(schema.buildTurns)
    .where(eq(schema.buildTurns.buildId, buildId))
    .orderBy(asc(schema.buildTurns.number));
}

/** Writes changes (after: null deletes) and raises the revision; answers the new revision. */
export async function applyChanges(
  db: Db,
  buildId: string,
  changes: Array<{ path: string; after: string | null }>,
  at: Date,
): Promise<number> {
  const deletes = changes.filter((c) => c.after === null).map((c) => c.path);
  const writes = changes.filter((c): c is { path: string; after: string } => c.after !== null);
  if (deletes.length > 0) {
    await db
      .delete(schema.buildFiles)
      .where(and(eq(schema.buildFiles.buildId, buildId), inArray(schema.buildFiles.path, deletes)));
  }
  for (const write of writes) {
    await db
      .insert(schema.buildFiles)
      .values({ buildId, path: write.path, content: write.after, updatedAt: at })
      .onConflictDoUpdate({
        target: [schema.buildFiles.buildId, schema.buildFiles.path],
        set: { content: write.after, updatedAt: at },
      });
  }
  const [row] = await db
    .update(schema.builds)
    .set({ revision: sql`${schema.builds.revision} + 1`, updatedAt: at })
    .where(eq(schema.builds.id, buildId))
    .returning({ revision: schema.builds.revision });
  return row?.revision ?? 0;
}

export function presentTurn(row: TurnRow): BuildTurn {
  const image = row.image as { mediaType: string; bytes: number } | null;
  return {
    id: row.id,
    number: row.number,
    prompt: row.prompt,
    image: image ? { mediaType: image.mediaType, bytes: image.bytes } : null,
    reply: row.reply,
    state:
      (["running", "done", "failed", "undone"] as const).find((s) => s === row.state) ?? "failed",
    agent: row.agent === "agent2" ? "agent2" : "agent1",
    model: row.model,
    plan: Array.isArray(row.plan) ? (row.plan as string[]) : null,
    edits: (row.edits as BuildTurn["edits"]) ?? [],
    changes: (row.changes as BuildChange[]) ?? [],
    steps: row.steps,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    credits: row.credits,
    buildOk: row.buildOk,
    appOk: row.appOk,
    error: row.error,
    accepted: row.accepted,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function presentBuildSummary(row: BuildRow, turns: number): BuildSummary {
  return {
    id: row.id,
    title: row.title,
    template: APP_TEMPLATE_KEYS.find((k) => k === row.template) ?? "blank",
    revision: row.revision,
    turns,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
