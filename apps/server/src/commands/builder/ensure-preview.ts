import type { UserRow } from "../../auth/users.ts";
import { findOwnBuild } from "../../builder/build-store.ts";
import { assertBuilderPlan, type BuilderDeps } from "../../builder/builder-plan.ts";
import { previewMachineOf, syncMachine } from "../../builder/preview-machine.ts";

/** The build's preview machine, made and started if need be, with the build's files in it. */
export async function ensurePreview(deps: BuilderDeps, user: UserRow, buildId: string) {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  await assertBuilderPlan(deps, user);
  let machine = await previewMachineOf(deps.db, build.id);
  if (!machine) {
    machine = await deps.machines.create(deps.db, {
      userId: user.id,
      buildId: build.id,
      role: "preview",
    });
  }
  // The files first, so that the app starts on them (a machine the driver lost has none: it is
  // made again by ensureRunning, and filled after).
  await syncMachine(deps, build, machine).catch(() => undefined);
  const status = await deps.machines.ensureRunning(deps.db, machine);
  await syncMachine(deps, build, machine);
  return { build, machine, status };
}
