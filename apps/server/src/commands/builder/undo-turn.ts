/**
 * Undoes a build's latest turn, restoring each file it changed exactly (issue 18).
 */
import type { BuildChange } from "@lumen/contracts";
import { eq, schema } from "@lumen/db";
import type { UserRow } from "../../auth/users.ts";
import { applyChanges, buildFilesOf, findOwnBuild, turnsOf } from "../../builder/build-store.ts";
import type { BuilderDeps } from "../../builder/builder-plan.ts";
import { previewMachineOf } from "../../builder/preview-machine.ts";
import { AppError, errors } from "../../errors.ts";

/** Undo restores each file the turn changed to exactly what it was; only the latest live turn. */
export async function undoTurn(deps: BuilderDeps, user: UserRow, buildId: string, number: number) {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  const turns = await turnsOf(deps.db, build.id);
  const turn = turns.find((t) => t.number === number);
  if (!turn) throw errors.notFound("This turn");
  const latest = turns.filter((t) => t.state === "done" || t.state === "failed").at(-1);
  if (turn.state === "running") throw new AppError("conflict", "This turn is still running.");
  if (turn.state === "undone") throw new AppError("conflict", "This turn was already undone.");
  if (turn.accepted)
    throw new AppError("conflict", "You accepted this turn's changes, so it cannot be undone.");
  if (latest?.id !== turn.id) {
    throw new AppError(
      "conflict",
      "Only the latest turn can be undone. Undo the turns after it first.",
    );
  }
  const changes = (turn.changes as BuildChange[]) ?? [];
  const files = new Map((await buildFilesOf(deps.db, build.id)).map((f) => [f.path, f.content]));
  const edited = changes.filter((c) => (files.get(c.path) ?? null) !== c.after);
  if (edited.length > 0) {
    throw new AppError(
      "conflict",
      `You changed ${edited.map((c) => c.path).join(", ")} after this turn, so undoing it would lose your edits.`,
    );
  }
  const revision = await applyChanges(
    deps.db,
    build.id,
    changes.map((c) => ({ path: c.path, after: c.before })),
    deps.clock(),
  );
  await deps.db
    .update(schema.buildTurns)
    .set({ state: "undone" })
    .where(eq(schema.buildTurns.id, turn.id));
  const machine = await previewMachineOf(deps.db, build.id);
  if (machine) {
    const driver = await deps.machines.driver().catch(() => null);
    if (driver) {
      await driver.writeFiles(
        machine.id,
        changes.map((c) => ({ path: c.path, content: c.before })),
      );
      await deps.db
        .update(schema.machines)
        .set({ revision })
        .where(eq(schema.machines.id, machine.id));
      if (changes.some((c) => c.path.startsWith("server/"))) await driver.restart(machine.id);
    }
  }
}
