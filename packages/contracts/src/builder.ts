/**
 * Issue 18: the AI app builder's API (/v1/builds, /v1/machines, /v1/instances) and the machine
 * log stream's messages, shared by the server and the web app. Sizes are bounded here; the rules
 * (paths, instance names, images) are core's app-builder.ts.
 */
import { APP_TEMPLATE_KEYS, BUILDER_LIMITS } from "@lumen/core";
import { z } from "./zod.ts";

export const appTemplateKeySchema = z.enum(APP_TEMPLATE_KEYS);

const pathSchema = z.string().check(z.minLength(1), z.maxLength(BUILDER_LIMITS.pathLength));
const contentSchema = z.string().check(z.maxLength(BUILDER_LIMITS.fileBytes));

export const machineStateSchema = z.enum([
  "created",
  "starting",
  "running",
  "stopping",
  "stopped",
  "failed",
]);
export type MachineStateName = z.infer<typeof machineStateSchema>;

export const machineSchema = z.object({
  id: z.string(),
  buildId: z.nullable(z.string()),
  role: z.enum(["preview", "instance"]),
  driver: z.string(),
  state: machineStateSchema,
  since: z.string(),
  reason: z.nullable(z.string()),
  usage: z.nullable(
    z.object({
      memoryBytes: z.number(),
      cpuMs: z.number(),
      diskBytes: z.number(),
      processes: z.number(),
    }),
  ),
  limits: z.object({
    memoryBytes: z.number(),
    cpus: z.number(),
    diskBytes: z.number(),
    processes: z.number(),
  }),
  lastActiveAt: z.string(),
  /** Minutes without use before a preview machine stops (instances stay up). */
  idleStopMinutes: z.nullable(z.number()),
});
export type MachineView = z.infer<typeof machineSchema>;

export const buildEditSchema = z.object({
  path: z.string(),
  action: z.enum(["write", "replace", "delete"]),
  /** How a replace applied; a write is a full rewrite. */
  method: z.nullable(z.enum(["exact", "whitespace", "rewrite"])),
  ok: z.boolean(),
  message: z.nullable(z.string()),
});
export type BuildEdit = z.infer<typeof buildEditSchema>;

export const buildChangeSchema = z.object({
  path: z.string(),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
});
export type BuildChange = z.infer<typeof buildChangeSchema>;

export const buildTurnSchema = z.object({
  id: z.string(),
  number: z.number(),
  prompt: z.string(),
  image: z.nullable(z.object({ mediaType: z.string(), bytes: z.number() })),
  reply: z.string(),
  state: z.enum(["running", "done", "failed", "undone"]),
  agent: z.enum(["agent1", "agent2"]),
  model: z.nullable(z.string()),
  plan: z.nullable(z.array(z.string())),
  edits: z.array(buildEditSchema),
  changes: z.array(buildChangeSchema),
  steps: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  credits: z.number(),
  buildOk: z.nullable(z.boolean()),
  appOk: z.nullable(z.boolean()),
  error: z.nullable(z.string()),
  accepted: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type BuildTurn = z.infer<typeof buildTurnSchema>;

export const buildSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  template: appTemplateKeySchema,
  revision: z.number(),
  turns: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BuildSummary = z.infer<typeof buildSummarySchema>;

export const buildSchema = z.object({
  id: z.string(),
  title: z.string(),
  template: appTemplateKeySchema,
  revision: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  files: z.array(z.object({ path: z.string(), content: z.string() })),
  turns: z.array(buildTurnSchema),
  /** The older turns condensed (enableCondensedContext), through turn `summaryThrough`. */
  summary: z.nullable(z.string()),
  summaryThrough: z.nullable(z.number()),
  machine: z.nullable(machineSchema),
});
export type Build = z.infer<typeof buildSchema>;

export const buildListAnswerSchema = z.object({
  builds: z.array(buildSummarySchema),
  templates: z.array(
    z.object({ key: appTemplateKeySchema, title: z.string(), description: z.string() }),
  ),
  limit: z.number(),
});
export type BuildListAnswer = z.infer<typeof buildListAnswerSchema>;

export const buildAnswerSchema = z.object({ build: buildSchema });
export type BuildAnswer = z.infer<typeof buildAnswerSchema>;

export const createBuildBodySchema = z.object({
  template: appTemplateKeySchema,
  title: z.optional(z.string().check(z.maxLength(200))),
});
export type CreateBuildBody = z.infer<typeof createBuildBodySchema>;

export const renameBuildBodySchema = z.object({ title: z.string().check(z.maxLength(200)) });

/** The learner's own edits: whole files written and paths deleted, against a revision. */
export const saveBuildFilesBodySchema = z.object({
  baseRevision: z.number().check(z.int(), z.gte(0)),
  upserts: z.optional(
    z
      .array(z.object({ path: pathSchema, content: contentSchema }))
      .check(z.maxLength(BUILDER_LIMITS.files)),
  ),
  deletes: z.optional(z.array(pathSchema).check(z.maxLength(BUILDER_LIMITS.files))),
});
export type SaveBuildFilesBody = z.infer<typeof saveBuildFilesBodySchema>;

/** A prompt, with an image when enableImageUploads is on (base64, checked by its bytes). */
export const createTurnBodySchema = z.object({
  prompt: z.string().check(z.maxLength(BUILDER_LIMITS.promptLength * 2)),
  image: z.optional(
    z.object({
      mediaType: z.string().check(z.maxLength(100)),
      data: z.string().check(z.maxLength(Math.ceil((BUILDER_LIMITS.imageBytes * 4) / 3) + 8)),
    }),
  ),
});
export type CreateTurnBody = z.infer<typeof createTurnBodySchema>;

export const turnAnswerSchema = z.object({ turn: buildTurnSchema });

/** Where the preview answers: its own origin, entered with a short-lived ticket. */
export const previewAnswerSchema = z.object({
  machine: machineSchema,
  url: z.nullable(z.string()),
});
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;

export const machineAnswerSchema = z.object({ machine: machineSchema });
export const machineListAnswerSchema = z.object({
  machines: z.array(machineSchema),
  limit: z.number(),
});
export type MachineListAnswer = z.infer<typeof machineListAnswerSchema>;

export const logLineSchema = z.object({
  seq: z.number(),
  at: z.string(),
  stream: z.enum(["stdout", "stderr", "system"]),
  text: z.string(),
});
export type MachineLogLine = z.infer<typeof logLineSchema>;

export const logPageAnswerSchema = z.object({ lines: z.array(logLineSchema) });

/** POST .../logs/ticket: the WebSocket's address, good for a minute. */
export const logTicketAnswerSchema = z.object({ url: z.string() });

/** What the log socket sends: lines in order (from `after`), and the machine's state changes. */
export const logSocketMessageSchema = z.union([
  z.object({ type: z.literal("lines"), lines: z.array(logLineSchema) }),
  z.object({ type: z.literal("state"), state: machineStateSchema }),
]);
export type LogSocketMessage = z.infer<typeof logSocketMessageSchema>;

export const instanceSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  url: z.string(),
  buildId: z.nullable(z.string()),
  deployedRevision: z.number(),
  /** The build has changed since: a redeploy would publish the new files. */
  behind: z.boolean(),
  deployedAt: z.string(),
  createdAt: z.string(),
  requests: z.number(),
  machine: z.nullable(machineSchema),
});
export type Instance = z.infer<typeof instanceSchema>;

export const instanceAnswerSchema = z.object({ instance: instanceSchema });
export const instanceListAnswerSchema = z.object({
  instances: z.array(instanceSchema),
  limit: z.number(),
});
export type InstanceListAnswer = z.infer<typeof instanceListAnswerSchema>;

export const publishBodySchema = z.object({
  slug: z.optional(z.string().check(z.maxLength(100))),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

/** The course engineers' comparison of the two agent designs on what learners asked. */
export const agentComparisonAnswerSchema = z.object({
  agents: z.array(
    z.object({
      agent: z.enum(["agent1", "agent2"]),
      turns: z.number(),
      averageSteps: z.number(),
      averageTokens: z.number(),
      buildSuccessRate: z.nullable(z.number()),
      appSuccessRate: z.nullable(z.number()),
    }),
  ),
});
export type AgentComparisonAnswer = z.infer<typeof agentComparisonAnswerSchema>;
