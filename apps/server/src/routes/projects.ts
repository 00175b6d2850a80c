/**
 * Freeform projects (issue 17): a learner's own projects under /v1/projects. No path names a user:
 * every call reads and writes the signed-in learner's projects only; anybody else's is a 404.
 * - GET    /projects                  → 200 { projects, limit }
 * - POST   /projects { name, template } → 201 { project } (409 limit_reached past the limit)
 * - GET    /projects/{id}             → 200 { project }
 * - PATCH  /projects/{id} { name }    → 200 { project }
 * - DELETE /projects/{id}             → 204
 * - PUT    /projects/{id}/files { baseRevision, upserts?, deletes?, renames?, entry? }
 *          → 200 { project }, or 409 { code: "conflict", message, project } when baseRevision is stale
 */
import {
  createProjectBodySchema,
  type ProjectConflictAnswer,
  renameProjectBodySchema,
  saveProjectFilesBodySchema,
} from "@lumen/contracts";
import { PROJECT_LIMITS } from "@lumen/core";
import { Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { createProject } from "../commands/projects/create-project.ts";
import { deleteProject } from "../commands/projects/delete-project.ts";
import { projectFilesOf } from "../commands/projects/find-own-project.ts";
import { listProjects } from "../commands/projects/list-projects.ts";
import { openProject } from "../commands/projects/open-project.ts";
import { renameProject } from "../commands/projects/rename-project.ts";
import { saveProjectFiles } from "../commands/projects/save-project-files.ts";
import { readJson, readParams } from "../http/validate.ts";
import { presentProject, presentProjectSummary } from "../presenters/projects.ts";

const idParams = z.object({ projectId: z.string().max(100) });

export const projectsRoutes = new Hono<AuthEnv>()
  .get("/projects", requireUser(), async (c) => {
    const rows = await listProjects({ db: c.get("deps").database.db, userId: currentUser(c).id });
    c.header("Cache-Control", "private, no-store");
    return c.json({ projects: rows.map(presentProjectSummary), limit: PROJECT_LIMITS.projects });
  })
  .post("/projects", requireUser(), async (c) => {
    const body = await readJson(c, createProjectBodySchema);
    const { database, clock } = c.get("deps");
    const { project, files } = await createProject({
      db: database.db,
      userId: currentUser(c).id,
      name: body.name,
      template: body.template,
      at: clock(),
    });
    return c.json({ project: presentProject(project, files) }, 201);
  })
  .get("/projects/:projectId", requireUser(), async (c) => {
    const { projectId } = readParams(c, idParams);
    const { database, clock } = c.get("deps");
    const { project, files } = await openProject({
      db: database.db,
      userId: currentUser(c).id,
      projectId,
      at: clock(),
    });
    c.header("Cache-Control", "private, no-store");
    return c.json({ project: presentProject(project, files) });
  })
  .patch("/projects/:projectId", requireUser(), async (c) => {
    const { projectId } = readParams(c, idParams);
    const { name } = await readJson(c, renameProjectBodySchema);
    const { database, clock } = c.get("deps");
    const db = database.db;
    const project = await renameProject({
      db,
      userId: currentUser(c).id,
      projectId,
      name,
      at: clock(),
    });
    return c.json({ project: presentProject(project, await projectFilesOf(db, projectId)) });
  })
  .delete("/projects/:projectId", requireUser(), async (c) => {
    const { projectId } = readParams(c, idParams);
    await deleteProject({ db: c.get("deps").database.db, userId: currentUser(c).id, projectId });
    return c.body(null, 204);
  })
  .put("/projects/:projectId/files", requireUser(), async (c) => {
    const { projectId } = readParams(c, idParams);
    const body = await readJson(c, saveProjectFilesBodySchema);
    const { database, clock } = c.get("deps");
    const outcome = await saveProjectFiles({
      db: database.db,
      userId: currentUser(c).id,
      projectId,
      ...body,
      at: clock(),
    });
    const project = presentProject(outcome.project, outcome.files);
    if (outcome.kind === "conflict") {
      const answer: ProjectConflictAnswer = {
        code: "conflict",
        message: "This project was changed elsewhere since this copy was loaded.",
        project,
      };
      return c.json(answer, 409);
    }
    return c.json({ project });
  });
