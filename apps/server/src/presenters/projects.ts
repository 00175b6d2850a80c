/** The projects API's answers (@lumen/contracts projects.ts) from database rows. */
import type { Project, ProjectSummary } from "@lumen/contracts";
import type { ProjectTemplateId } from "@lumen/core";
import type { ProjectRow } from "../commands/projects/find-own-project.ts";

export function presentProject(
  row: ProjectRow,
  files: Array<{ path: string; content: string }>,
): Project {
  return {
    id: row.id,
    name: row.name,
    template: row.template as ProjectTemplateId,
    entry: row.entry,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    files: files.map((f) => ({ path: f.path, content: f.content })),
  };
}

export function presentProjectSummary(
  row: Omit<ProjectRow, "userId" | "duplicatedFrom" | "openedAt"> & { fileCount: number },
): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    template: row.template as ProjectTemplateId,
    entry: row.entry,
    revision: row.revision,
    fileCount: Number(row.fileCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
