/**
 * The AI app builder's calls (issue 18: /v1/builds, /v1/machines, /v1/instances), each answer
 * checked against the shared contract (@lumen/contracts builder.ts); a refusal throws the app's
 * ApiError with the server's sentence.
 */
import {
  type Build,
  type BuildListAnswer,
  buildAnswerSchema,
  buildListAnswerSchema,
  type CreateBuildBody,
  type CreateTurnBody,
  type Instance,
  type InstanceListAnswer,
  instanceAnswerSchema,
  instanceListAnswerSchema,
  logPageAnswerSchema,
  logTicketAnswerSchema,
  type MachineListAnswer,
  type MachineLogLine,
  type MachineView,
  machineAnswerSchema,
  machineListAnswerSchema,
  type PreviewAnswer,
  previewAnswerSchema,
  type SaveBuildFilesBody,
  turnAnswerSchema,
} from "@lumen/contracts";
import { callApi, jsonInit as json, sendApi } from "../../../lib/api-call.ts";

const id = (value: string) => encodeURIComponent(value);

export const builderApi = {
  list: (): Promise<BuildListAnswer> => callApi(buildListAnswerSchema, "/v1/builds"),
  create: async (body: CreateBuildBody): Promise<Build> =>
    (await callApi(buildAnswerSchema, "/v1/builds", json("POST", body))).build,
  read: async (buildId: string): Promise<Build> =>
    (await callApi(buildAnswerSchema, `/v1/builds/${id(buildId)}`)).build,
  rename: async (buildId: string, title: string): Promise<Build> =>
    (await callApi(buildAnswerSchema, `/v1/builds/${id(buildId)}`, json("PATCH", { title }))).build,
  remove: async (buildId: string): Promise<void> => {
    await sendApi(`/v1/builds/${id(buildId)}`, { method: "DELETE" });
  },
  saveFiles: async (buildId: string, body: SaveBuildFilesBody): Promise<Build> =>
    (await callApi(buildAnswerSchema, `/v1/builds/${id(buildId)}/files`, json("PUT", body))).build,
  sendTurn: async (buildId: string, body: CreateTurnBody) =>
    (await callApi(turnAnswerSchema, `/v1/builds/${id(buildId)}/turns`, json("POST", body))).turn,
  undo: async (buildId: string, turn: number): Promise<Build> =>
    (await callApi(buildAnswerSchema, `/v1/builds/${id(buildId)}/turns/${turn}/undo`, json("POST")))
      .build,
  accept: async (buildId: string, turn: number): Promise<Build> =>
    (
      await callApi(
        buildAnswerSchema,
        `/v1/builds/${id(buildId)}/turns/${turn}/accept`,
        json("POST"),
      )
    ).build,
  preview: (buildId: string): Promise<PreviewAnswer> =>
    callApi(previewAnswerSchema, `/v1/builds/${id(buildId)}/preview`, json("POST")),
  publish: async (buildId: string, slug?: string): Promise<Instance> =>
    (
      await callApi(
        instanceAnswerSchema,
        `/v1/builds/${id(buildId)}/publish`,
        json("POST", slug ? { slug } : {}),
      )
    ).instance,

  machines: (): Promise<MachineListAnswer> => callApi(machineListAnswerSchema, "/v1/machines"),
  machine: async (machineId: string): Promise<MachineView> =>
    (await callApi(machineAnswerSchema, `/v1/machines/${id(machineId)}`)).machine,
  machineAction: async (
    machineId: string,
    action: "start" | "stop" | "restart",
  ): Promise<MachineView> =>
    (await callApi(machineAnswerSchema, `/v1/machines/${id(machineId)}/${action}`, json("POST")))
      .machine,
  logs: async (machineId: string, after = 0): Promise<MachineLogLine[]> =>
    (await callApi(logPageAnswerSchema, `/v1/machines/${id(machineId)}/logs?after=${after}`)).lines,
  /** The log WebSocket's address (a ticket good for a minute: ask again on each reconnect). */
  logSocketUrl: async (machineId: string): Promise<string> =>
    (
      await callApi(
        logTicketAnswerSchema,
        `/v1/machines/${id(machineId)}/logs/ticket`,
        json("POST"),
      )
    ).url,

  instances: (): Promise<InstanceListAnswer> => callApi(instanceListAnswerSchema, "/v1/instances"),
  instance: async (instanceId: string): Promise<Instance> =>
    (await callApi(instanceAnswerSchema, `/v1/instances/${id(instanceId)}`)).instance,
  instanceAction: async (
    instanceId: string,
    action: "redeploy" | "stop" | "start",
  ): Promise<Instance> =>
    (await callApi(instanceAnswerSchema, `/v1/instances/${id(instanceId)}/${action}`, json("POST")))
      .instance,
  removeInstance: async (instanceId: string): Promise<void> => {
    await sendApi(`/v1/instances/${id(instanceId)}`, { method: "DELETE" });
  },
};

export const builderKeys = {
  builds: ["builds"] as const,
  build: (buildId: string) => ["builds", buildId] as const,
  machines: ["machines"] as const,
  machine: (machineId: string) => ["machines", machineId] as const,
  instances: ["instances"] as const,
  instance: (instanceId: string) => ["instances", instanceId] as const,
};
