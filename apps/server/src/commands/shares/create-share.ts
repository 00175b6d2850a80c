/**
 * Shares a project or a lesson solution (POST /v1/shares): a snapshot of its files now under a
 * new unguessable code. Later edits never show through a link already sent; sharing again makes a
 * new link. A learner keeps at most MAX_ACTIVE_SHARES links open at once.
 */
import { and, type Db, eq, isNull, schema, sql } from "@lumen/db";
import { AppError } from "../../errors.ts";
import { newShareCode } from "./share-code.ts";
import { type ReadShareSourceOptions, readShareSource } from "./share-source.ts";

export const MAX_ACTIVE_SHARES = 200;

export type ShareRow = typeof schema.shares.$inferSelect;

export async function createShare(options: ReadShareSourceOptions): Promise<ShareRow> {
  const { db, user, now } = options;
  const source = await readShareSource(options);
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.shares)
    .where(and(eq(schema.shares.userId, user.id), isNull(schema.shares.revokedAt)));
  if ((open?.n ?? 0) >= MAX_ACTIVE_SHARES) {
    throw new AppError(
      "limit_reached",
      `You can have at most ${MAX_ACTIVE_SHARES} shared links: unshare an old one first.`,
    );
  }
  // A clash of two random 71-bit codes is all but impossible; a retry makes it harmless.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await insert(db, { ...source, code: newShareCode(), userId: user.id, now });
    if (row) return row;
  }
  throw new AppError("internal", "Could not make a share code; try again.");
}

function insert(
  db: Db,
  values: Awaited<ReturnType<typeof readShareSource>> & { code: string; userId: string; now: Date },
) {
  return db
    .insert(schema.shares)
    .values({
      code: values.code,
      userId: values.userId,
      kind: values.kind,
      projectId: values.projectId,
      lessonId: values.lessonId,
      title: values.title,
      runtime: values.runtime,
      entry: values.entry,
      files: values.files,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
}
