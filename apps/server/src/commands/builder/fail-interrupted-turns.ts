import { type Db, eq, schema } from "@lumen/db";

/** After a restart: a turn that was running when the server stopped is failed, not left spinning. */
export async function failInterruptedTurns(db: Db, at: Date): Promise<void> {
  await db
    .update(schema.buildTurns)
    .set({
      state: "failed",
      error: "The server restarted during this turn. Send your message again.",
      finishedAt: at,
    })
    .where(eq(schema.buildTurns.state, "running"));
}
