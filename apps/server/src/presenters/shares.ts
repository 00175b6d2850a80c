/** Shapes share rows for their author (the public answer is built by commands/shares/read-share.ts). */
import type { MyShare } from "@lumen/contracts";
import type { ShareRow } from "../commands/shares/create-share.ts";

export function presentMyShare(row: ShareRow): MyShare {
  return {
    code: row.code,
    kind: row.kind === "lesson" ? "lesson" : "project",
    title: row.title,
    runtime: row.runtime,
    projectId: row.projectId,
    lessonId: row.lessonId,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    hidden: row.hiddenAt !== null,
    views: row.views,
  };
}
