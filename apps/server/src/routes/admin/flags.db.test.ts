/**
 * The admin console's flags API (issue 14) in-process against a real database: 401/403 for
 * anyone but an admin, all eight flags listed off until a rule is saved, a saved rule names its
 * users by id and email and is audited as "flag.update", and bad rules are 400s.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { grantRole } from "../../commands/grant-role.ts";
import { parseEnv } from "../../env.ts";
import { type TestAccount, testClient } from "../../testing/api-client.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
let admin: TestAccount;
let learner: TestAccount;
let engineer: TestAccount;

const rule = (part: Record<string, unknown> = {}) => ({
  everyone: false,
  roles: [],
  users: [],
  percentage: null,
  startsAt: null,
  ...part,
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }) });
  learner = await api.signUp();
  const e = await api.signUp();
  await grantRole({ db: database.db, email: e.email, role: "course_engineer" });
  engineer = await api.signIn(e.email);
  const a = await api.signUp();
  await grantRole({ db: database.db, email: a.email, role: "admin" });
  admin = await api.signIn(a.email);
});
afterAll(async () => {
  await app.dispose();
  await database.close();
});

describe("who may use /v1/admin/flags", () => {
  it("answers 401 without a session and 403 to a learner and to a course engineer", async () => {
    expect((await api.get("/v1/admin/flags")).status).toBe(401);
    for (const { token } of [learner, engineer]) {
      expect((await api.get("/v1/admin/flags", { token })).status).toBe(403);
      const put = await api.put("/v1/admin/flags/exampleFlag", { token, body: rule() });
      expect(put.status).toBe(403);
    }
  });
});

describe("GET and PUT /v1/admin/flags", () => {
  it("lists the eight flags of the spec, each off with no rule", async () => {
    const answer = await api.get("/v1/admin/flags", { token: admin.token });
    expect(answer.status).toBe(200);
    const flags = answer.body.flags as { name: string; rule: unknown; updatedAt: unknown }[];
    expect(flags.map((flag) => flag.name)).toEqual([
      "showMachineLogs",
      "exampleFlag",
      "enableImageUploads",
      "enableDiffView",
      "enableCondensedContext",
      "aiModelOverride",
      "enablePartialFileReplacement",
      "enableAgent2",
    ]);
    for (const flag of flags) {
      expect(flag.rule).toEqual({
        everyone: false,
        roles: [],
        users: [],
        percentage: null,
        startsAt: null,
        value: null,
      });
      expect(flag.updatedAt).toBeNull();
    }
  });

  it("saves a rule naming users by email and by id, shows it, and audits it", async () => {
    const saved = await api.put("/v1/admin/flags/enableDiffView", {
      token: admin.token,
      body: rule({
        roles: ["course_engineer"],
        users: [`  ${learner.email.toUpperCase()} `, engineer.userId, learner.userId],
        percentage: 25,
        startsAt: "2026-03-01T09:00:00+01:00",
      }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: "enableDiffView",
      rule: {
        everyone: false,
        roles: ["course_engineer"],
        users: [
          { id: engineer.userId, email: engineer.email },
          { id: learner.userId, email: learner.email },
        ],
        percentage: 25,
        startsAt: "2026-03-01T08:00:00.000Z",
      },
      updatedBy: admin.userId,
    });
    const list = await api.get("/v1/admin/flags", { token: admin.token });
    const flags = list.body.flags as { name: string; rule: unknown }[];
    expect(flags.find((flag) => flag.name === "enableDiffView")?.rule).toEqual(
      (saved.body as { rule: unknown }).rule,
    );
    const audit = await database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "flag.update"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.userId,
      actorEmail: admin.email,
      detail: { flag: "enableDiffView", percentage: 25, roles: ["course_engineer"] },
    });
  });

  it("replaces the whole rule on the next save", async () => {
    const saved = await api.put("/v1/admin/flags/enableDiffView", {
      token: admin.token,
      body: rule({ everyone: true }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.rule).toEqual({ ...rule({ everyone: true }), value: null });
  });

  it("keeps aiModelOverride's model name, shows it, audits it, and clears it on null", async () => {
    const saved = await api.put("/v1/admin/flags/aiModelOverride", {
      token: admin.token,
      body: rule({ users: [learner.email], value: "openrouter/meta-llama-3.1:free" }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.rule).toMatchObject({ value: "openrouter/meta-llama-3.1:free" });
    const list = await api.get("/v1/admin/flags", { token: admin.token });
    const flags = list.body.flags as { name: string; rule: { value: unknown } }[];
    expect(flags.find((flag) => flag.name === "aiModelOverride")?.rule.value).toBe(
      "openrouter/meta-llama-3.1:free",
    );
    const [row] = await database.db
      .select()
      .from(schema.featureFlagRules)
      .where(eq(schema.featureFlagRules.name, "aiModelOverride"));
    expect(row?.value).toBe("openrouter/meta-llama-3.1:free");
    const audit = await database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "flag.update"));
    expect(audit.at(-1)?.detail).toMatchObject({
      flag: "aiModelOverride",
      value: "openrouter/meta-llama-3.1:free",
    });
    // Left out, the value is gone with the rest of the old rule.
    const cleared = await api.put("/v1/admin/flags/aiModelOverride", {
      token: admin.token,
      body: rule({ everyone: true }),
    });
    expect(cleared.body.rule).toMatchObject({ value: null });
  });

  it.each([
    ["an unknown flag", "retiredFlag", rule()],
    ["an unknown role", "exampleFlag", rule({ roles: ["superuser"] })],
    ["a percentage over 100", "exampleFlag", rule({ percentage: 101 })],
    ["a fractional percentage", "exampleFlag", rule({ percentage: 12.5 })],
    ["a negative percentage", "exampleFlag", rule({ percentage: -1 })],
    ["a start that is not ISO", "exampleFlag", rule({ startsAt: "next Monday" })],
    ["a user that is neither id nor email", "exampleFlag", rule({ users: ["bob"] })],
    ["an email no account has", "exampleFlag", rule({ users: ["nobody@example.com"] })],
    [
      "an id no account has",
      "exampleFlag",
      rule({ users: ["00000000-0000-4000-8000-000000000000"] }),
    ],
    ["a missing part", "exampleFlag", { everyone: true }],
    ["a value for a boolean flag", "exampleFlag", rule({ everyone: true, value: "gpt-4o" })],
    ["a value with spaces inside", "aiModelOverride", rule({ value: "two words" })],
    ["an empty value", "aiModelOverride", rule({ value: "  " })],
    ["a value over 100 characters", "aiModelOverride", rule({ value: "m".repeat(101) })],
    ["a value that is not text", "aiModelOverride", rule({ value: 4 })],
  ])("refuses %s with a 400", async (_what, flag, body) => {
    const answer = await api.put(`/v1/admin/flags/${flag}`, { token: admin.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("validation_failed");
  });
});
