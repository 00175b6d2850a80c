import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { lazySandboxedRunners, type SandboxSupport } from "@lumen/runners/sandbox";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { grantRole } from "../commands/grant-role.ts";
import { PreviewRunners } from "../commands/preview-runners.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "../testing/api-client.ts";
import { HELLO_TRACK } from "../testing/fixtures.ts";
import { type CheckService, createCheckService, SandboxRequiredError } from "./check-service.ts";

const MISSING = "bubblewrap (apt-get install bubblewrap) and util-linux";
const probe = async (): Promise<SandboxSupport> => ({ available: false, missing: MISSING });
const logger = pino({ level: "silent" });
const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "true" });

const TRACK = HELLO_TRACK;

let database: Database;
let checks: CheckService;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  checks = createCheckService({ env, logger, probe });
  await checks.start();
  app = createApp({
    database,
    env,
    logger,
    catalog: new CatalogStore(database.db, {
      version: 1,
      catalog: { tracks: [TRACK], glossary: {} },
    }),
    checks,
    preview: new PreviewRunners(() => lazySandboxedRunners({ probe })),
  });
});
afterAll(async () => {
  await checks.dispose();
  await database.close();
});

const api = testClient(() => app);
const signUp = () => api.signUp();
const post = (url: string, token: string, body: unknown) => api.post(url, { token, body });

describe("a server without a sandbox", () => {
  it("says in /healthz that checks are unverified, and what is missing", async () => {
    const res = await app.request("/healthz");
    expect(await res.json()).toMatchObject({
      status: "ok",
      checks: { mode: "unverified", sandbox: { missing: MISSING }, queue: "in-process" },
    });
  });

  it("records a code completion from the browser's verdict, marked unverified, running nothing", async () => {
    const learner = await signUp();
    const res = await post("/v1/progress/lessons/2010102/complete", learner.token, {
      trackId: 2,
      tutorialId: 201,
      chapterId: 20101,
      trackVersion: 1,
      timeZone: "UTC",
      clientEventId: crypto.randomUUID(),
      // Code that would fail the check (and try to escape): it is never run here.
      files: [{ name: "index.js", content: 'require("child_process").execSync("id")' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ counted: true, xpEarned: 10 });
    const rows = await database.db
      .select({ verified: schema.lessonCompletions.verified })
      .from(schema.lessonCompletions)
      .where(eq(schema.lessonCompletions.userId, learner.userId));
    expect(rows).toEqual([{ verified: false }]);
  });

  it("answers a course engineer's preview with 503 and the reason", async () => {
    const engineer = await signUp();
    await grantRole({ db: database.db, email: engineer.email, role: "course_engineer" });
    const res = await post(
      "/v1/preview/tracks/2/tutorials/201/chapters/20101/lessons/2010102/runfiles",
      engineer.token,
      { files: [{ name: "index.js", userContent: 'console.log("Hello")' }] },
    );
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: "unavailable",
      message: `Code cannot be checked on this server: it needs ${MISSING}.`,
    });
  });

  it("refuses to start when RUNNER_SANDBOX=required", async () => {
    const strict = createCheckService({
      env: { ...env, RUNNER_SANDBOX: "required" },
      logger,
      probe,
    });
    await expect(strict.start()).rejects.toBeInstanceOf(SandboxRequiredError);
  });
});
