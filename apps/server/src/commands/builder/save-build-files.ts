/**
 * The learner's own edits to a build, against the revision their editor started from (issue 18).
 */
import type { SaveBuildFilesBody } from "@lumen/contracts";
import { BUILDER_LIMITS, buildPathProblem, utf8Bytes } from "@lumen/core";
import type { UserRow } from "../../auth/users.ts";
import { applyChanges, buildFilesOf, findOwnBuild } from "../../builder/build-store.ts";
import type { BuilderDeps } from "../../builder/builder-plan.ts";
import { previewMachineOf, syncMachine } from "../../builder/preview-machine.ts";
import { AppError, errors } from "../../errors.ts";

/** The learner's own edits, against the revision their editor started from. */
export async function saveBuildFiles(
  deps: BuilderDeps,
  user: UserRow,
  buildId: string,
  body: SaveBuildFilesBody,
): Promise<number> {
  const build = await findOwnBuild(deps.db, user.id, buildId);
  if (body.baseRevision !== build.revision) {
    throw new AppError(
      "conflict",
      "This build changed since you opened it. Your editor has been brought up to date; make your change again.",
    );
  }
  const files = new Map((await buildFilesOf(deps.db, build.id)).map((f) => [f.path, f.content]));
  const changes: Array<{ path: string; after: string | null }> = [];
  for (const path of body.deletes ?? []) {
    const problem = buildPathProblem(path);
    if (problem) throw errors.validation(`deletes: ${problem}`);
    if (files.delete(path)) changes.push({ path, after: null });
  }
  for (const file of body.upserts ?? []) {
    const problem = buildPathProblem(file.path);
    if (problem) throw errors.validation(`upserts: ${file.path}: ${problem}`);
    files.set(file.path, file.content);
    changes.push({ path: file.path, after: file.content });
  }
  if (files.size > BUILDER_LIMITS.files) {
    throw new AppError("limit_reached", `A build can have at most ${BUILDER_LIMITS.files} files.`);
  }
  const total = [...files.values()].reduce((sum, text) => sum + utf8Bytes(text), 0);
  if (total > BUILDER_LIMITS.buildBytes) {
    throw new AppError(
      "limit_reached",
      `A build's files can be at most ${BUILDER_LIMITS.buildBytes / 1_000_000} MB together.`,
    );
  }
  if (changes.length === 0) return build.revision;
  const revision = await applyChanges(deps.db, build.id, changes, deps.clock());
  const machine = await previewMachineOf(deps.db, build.id);
  if (machine) {
    build.revision = revision;
    await syncMachine(deps, build, machine).catch((error: unknown) => {
      deps.logger.warn({ err: error, machine: machine.id }, "edits not copied to the machine");
    });
  }
  return revision;
}
