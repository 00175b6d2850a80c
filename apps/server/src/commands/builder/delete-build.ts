import { eq, schema } from "@lumen/db";
import { findOwnBuild } from "../../builder/build-store.ts";
import type { BuilderDeps } from "../../builder/builder-plan.ts";
import { previewMachineOf } from "../../builder/preview-machine.ts";

export async function deleteBuild(deps: BuilderDeps, userId: string, buildId: string) {
  const build = await findOwnBuild(deps.db, userId, buildId);
  const machine = await previewMachineOf(deps.db, build.id);
  if (machine) await deps.machines.destroy(deps.db, machine);
  await deps.db.delete(schema.builds).where(eq(schema.builds.id, build.id));
}
