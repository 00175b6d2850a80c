/**
 * GET /v1/flags (issue 14) in-process against a real database: the rules an admin saves decide
 * each caller's flags (anonymous visitors get only "everyone"), and the override cookie counts for
 * course engineers and admins only; one that cannot be parsed is logged with the spec's text.
 * aiModelOverride carries the model name its rule gives; the answer names the caller's roles.
 */
import { Writable } from "node:stream";
import { type Database, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { grantRole } from "../commands/grant-role.ts";
import { parseEnv } from "../env.ts";
import { type TestAccount, testClient } from "../testing/api-client.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
const logLines: { level: number; msg: string }[] = [];
let admin: TestAccount;
let learner: TestAccount;
let other: TestAccount;
let engineer: TestAccount;

const allOff = {
  showMachineLogs: false,
  exampleFlag: false,
  enableImageUploads: false,
  enableDiffView: false,
  enableCondensedContext: false,
  aiModelOverride: false,
  enablePartialFileReplacement: false,
  enableAgent2: false,
};
const cookie = (value: string) => ({
  Cookie: `lumen_feature_overrides=${encodeURIComponent(value)}`,
});
const saveRule = (flag: string, part: Record<string, unknown>) =>
  api.put(`/v1/admin/flags/${flag}`, {
    token: admin.token,
    body: { everyone: false, roles: [], users: [], percentage: null, startsAt: null, ...part },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = createApp({ database, env, logger: pino({ level: "warn" }, stream) });
  learner = await api.signUp();
  other = await api.signUp();
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

describe("GET /v1/flags", () => {
  it("answers every flag off when no rule is saved, signed in or not", async () => {
    for (const token of [undefined, learner.token]) {
      const answer = await api.get("/v1/flags", { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        flags: allOff,
        values: { aiModelOverride: null },
        overrides: "none",
      });
    }
  });

  it("names the caller as the account is now: null signed out, the roles signed in", async () => {
    expect((await api.get("/v1/flags")).body.caller).toBeNull();
    expect((await api.get("/v1/flags", { token: learner.token })).body.caller).toEqual({
      id: learner.userId,
      roles: [],
    });
    // A role granted after the token was issued shows at once, with the same token.
    const late = await api.signUp();
    await grantRole({ db: database.db, email: late.email, role: "course_engineer" });
    expect((await api.get("/v1/flags", { token: late.token })).body.caller).toEqual({
      id: late.userId,
      roles: ["course_engineer"],
    });
  });

  it("turns a flag on for the listed learner only, at once after the save", async () => {
    expect((await saveRule("exampleFlag", { users: [learner.email] })).status).toBe(200);
    expect((await api.get("/v1/flags", { token: learner.token })).body.flags).toEqual({
      ...allOff,
      exampleFlag: true,
    });
    expect((await api.get("/v1/flags", { token: other.token })).body.flags).toEqual(allOff);
    expect((await api.get("/v1/flags")).body.flags).toEqual(allOff);
  });

  it("applies roles to signed-in callers and 'everyone' to anonymous visitors too", async () => {
    await saveRule("enableAgent2", { roles: ["course_engineer"] });
    await saveRule("showMachineLogs", { everyone: true });
    const flags = async (token?: string) => (await api.get("/v1/flags", { token })).body.flags;
    expect(await flags(engineer.token)).toMatchObject({
      enableAgent2: true,
      showMachineLogs: true,
    });
    expect(await flags(other.token)).toMatchObject({ enableAgent2: false, showMachineLogs: true });
    expect(await flags()).toMatchObject({ enableAgent2: false, showMachineLogs: true });
  });

  it("holds back a rule until its start date", async () => {
    await saveRule("enableImageUploads", { everyone: true, startsAt: "2999-01-01T00:00:00Z" });
    expect((await api.get("/v1/flags")).body.flags).toMatchObject({ enableImageUploads: false });
  });

  it("applies a course engineer's or admin's override cookie, only the flags it names", async () => {
    for (const token of [engineer.token, admin.token]) {
      const answer = await api.get("/v1/flags", {
        token,
        headers: cookie('{"enableDiffView":true,"showMachineLogs":false}'),
      });
      expect(answer.body.overrides).toBe("applied");
      expect(answer.body.flags).toMatchObject({ enableDiffView: true, showMachineLogs: false });
    }
    const engineers = await api.get("/v1/flags", {
      token: engineer.token,
      headers: cookie('{"enableDiffView":true}'),
    });
    // Not named in the cookie: the rule's value stays.
    expect(engineers.body.flags).toMatchObject({ enableAgent2: true, showMachineLogs: true });
  });

  it("ignores the cookie of a learner and of an anonymous visitor", async () => {
    for (const token of [other.token, undefined]) {
      const answer = await api.get("/v1/flags", {
        token,
        headers: cookie('{"enableDiffView":true,"showMachineLogs":false}'),
      });
      expect(answer.body.overrides).toBe("ignored");
      expect(answer.body.flags).toMatchObject({ enableDiffView: false, showMachineLogs: true });
    }
  });

  it("logs 'Failed to parse overrides cookie' for a bad cookie, and the rules apply", async () => {
    logLines.length = 0;
    const answer = await api.get("/v1/flags", {
      token: engineer.token,
      headers: cookie("{not json"),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.overrides).toBe("invalid");
    expect(answer.body.flags).toEqual({ ...allOff, enableAgent2: true, showMachineLogs: true });
    expect(logLines.filter((line) => line.msg === "Failed to parse overrides cookie")).toEqual([
      expect.objectContaining({ level: 40 }),
    ]);
  });

  it("gives aiModelOverride's model name to the users its rule reaches, through OpenFeature", async () => {
    const saved = await saveRule("aiModelOverride", {
      users: [learner.email],
      value: " claude-3-5-haiku-20241022 ",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.rule).toMatchObject({ value: "claude-3-5-haiku-20241022" });
    const mine = await api.get("/v1/flags", { token: learner.token });
    expect(mine.body.flags).toMatchObject({ aiModelOverride: true });
    expect(mine.body.values).toEqual({ aiModelOverride: "claude-3-5-haiku-20241022" });
    const theirs = await api.get("/v1/flags", { token: other.token });
    expect(theirs.body.flags).toMatchObject({ aiModelOverride: false });
    expect(theirs.body.values).toEqual({ aiModelOverride: null });
    // An engineer's cookie may turn it off (and with it the value) for their browser.
    await saveRule("aiModelOverride", { roles: ["course_engineer"], value: "gpt-4o-mini" });
    const on = await api.get("/v1/flags", { token: engineer.token });
    expect(on.body.values).toEqual({ aiModelOverride: "gpt-4o-mini" });
    const off = await api.get("/v1/flags", {
      token: engineer.token,
      headers: cookie('{"aiModelOverride":false}'),
    });
    expect(off.body).toMatchObject({
      overrides: "applied",
      flags: { aiModelOverride: false },
      values: { aiModelOverride: null },
    });
    // On without a value: on, with the default model.
    await saveRule("aiModelOverride", { everyone: true, value: null });
    const plain = await api.get("/v1/flags");
    expect(plain.body.flags).toMatchObject({ aiModelOverride: true });
    expect(plain.body.values).toEqual({ aiModelOverride: null });
    await saveRule("aiModelOverride", {});
  });

  it("leaves out rows of flags this version no longer knows", async () => {
    await database.db
      .insert(schema.featureFlagRules)
      .values({ name: "retiredFlag", everyone: true });
    // Saving any flag drops the cache.
    await saveRule("enableCondensedContext", {});
    const answer = await api.get("/v1/flags");
    expect(Object.keys(answer.body.flags as object)).toEqual(Object.keys(allOff));
  });
});
