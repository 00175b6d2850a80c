import { and, type Db, eq, schema } from "@lumen/db";
import { findOwnBuild } from "../../builder/build-store.ts";
import { AppError, errors } from "../../errors.ts";

export async function acceptTurn(db: Db, userId: string, buildId: string, number: number) {
  const build = await findOwnBuild(db, userId, buildId);
  const [turn] = await db
    .select()
    .from(schema.buildTurns)
    .where(and(eq(schema.buildTurns.buildId, build.id), eq(schema.buildTurns.number, number)));
  if (!turn) throw errors.notFound("This turn");
  if (turn.state !== "done" && turn.state !== "failed") {
    throw new AppError("conflict", "Only a finished turn can be accepted.");
  }
  await db
    .update(schema.buildTurns)
    .set({ accepted: true })
    .where(eq(schema.buildTurns.id, turn.id));
}
