/**
 * The projects calls (issue 17, /v1/projects): each answer is checked against the shared contract
 * (@lumen/contracts projects.ts); a refusal throws the app's ApiError. A save answers either the
 * saved project or, when the device's copy was behind, the conflict with the server's project.
 */
import {
  type CreateProjectBody,
  type Project,
  type ProjectListAnswer,
  projectAnswerSchema,
  projectConflictAnswerSchema,
  projectListAnswerSchema,
  type SaveProjectFilesBody,
} from "@lumen/contracts";
import { callApi, jsonInit as json, reachApi, sendApi } from "../../../lib/api-call.ts";
import { ApiError } from "../../../lib/api-error.ts";

export type SaveAnswer =
  | { kind: "saved"; project: Project }
  | { kind: "conflict"; project: Project };

export const projectsApi = {
  list: (): Promise<ProjectListAnswer> => callApi(projectListAnswerSchema, "/v1/projects"),
  create: async (body: CreateProjectBody): Promise<Project> =>
    (await callApi(projectAnswerSchema, "/v1/projects", json("POST", body))).project,
  read: async (id: string): Promise<Project> =>
    (await callApi(projectAnswerSchema, `/v1/projects/${encodeURIComponent(id)}`)).project,
  rename: async (id: string, name: string): Promise<Project> =>
    (
      await callApi(
        projectAnswerSchema,
        `/v1/projects/${encodeURIComponent(id)}`,
        json("PATCH", { name }),
      )
    ).project,
  remove: async (id: string): Promise<void> => {
    await sendApi(`/v1/projects/${encodeURIComponent(id)}`, { method: "DELETE" });
  },
  save: async (id: string, body: SaveProjectFilesBody): Promise<SaveAnswer> => {
    const response = await reachApi(
      `/v1/projects/${encodeURIComponent(id)}/files`,
      json("PUT", body),
    );
    const answer: unknown = await response.json().catch(() => null);
    if (response.status === 409) {
      const conflict = projectConflictAnswerSchema.safeParse(answer);
      if (conflict.success) return { kind: "conflict", project: conflict.data.project };
    }
    if (!response.ok) throw ApiError.fromAnswer(response.status, answer);
    return { kind: "saved", project: projectAnswerSchema.parse(answer).project };
  },
};

export const projectsQueryKey = ["projects"] as const;
