/**
 * One of the learner's builds, whole: files, turns and its preview machine (issue 18).
 */
import type { Build } from "@lumen/contracts";
import { APP_TEMPLATES } from "@lumen/core";
import type { UserRow } from "../../auth/users.ts";
import { buildFilesOf, findOwnBuild, presentTurn, turnsOf } from "../../builder/build-store.ts";
import type { BuilderDeps } from "../../builder/builder-plan.ts";
import { previewMachineOf } from "../../builder/preview-machine.ts";

export async function readBuild(deps: BuilderDeps, user: UserRow, buildId: string): Promise<Build> {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  const [files, turns, machine] = await Promise.all([
    buildFilesOf(deps.db, build.id),
    turnsOf(deps.db, build.id),
    previewMachineOf(deps.db, build.id),
  ]);
  return {
    id: build.id,
    title: build.title,
    template: APP_TEMPLATES.find((t) => t.key === build.template)?.key ?? "blank",
    revision: build.revision,
    createdAt: build.createdAt.toISOString(),
    updatedAt: build.updatedAt.toISOString(),
    files,
    turns: turns.map(presentTurn),
    summary: build.summary,
    summaryThrough: build.summaryThrough,
    machine: machine ? await deps.machines.present(machine) : null,
  };
}
