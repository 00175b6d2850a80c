import { and, type Db, eq, isNull, schema } from "@lumen/db";
import type { MachineRow } from "../machines/machine-service.ts";
import { type BuildRow, buildFilesOf } from "./build-store.ts";
import type { BuilderDeps } from "./builder-plan.ts";

export async function previewMachineOf(db: Db, buildId: string): Promise<MachineRow | null> {
  const [row] = await db
    .select()
    .from(schema.machines)
    .where(
      and(
        eq(schema.machines.buildId, buildId),
        eq(schema.machines.role, "preview"),
        isNull(schema.machines.destroyedAt),
      ),
    );
  return row ?? null;
}

/** The build's files copied into its preview machine (all of them: the machine may be new). */
export async function syncMachine(deps: BuilderDeps, build: BuildRow, machine: MachineRow) {
  if (machine.revision === build.revision) return;
  const files = await buildFilesOf(deps.db, build.id);
  await deps.machines.writeFiles(
    deps.db,
    machine,
    files.map((f) => ({ path: f.path, content: f.content })),
    build.revision,
  );
}
