/**
 * The learner's own account (issue 13) in-process against a real database: the display name, a
 * password change that ends every other session, an email change that waits for the new
 * address's link and tells the old one, the stats, the export of everything held about the
 * learner, and deleting the account with all of it.
 */
import { randomUUID } from "node:crypto";
import { EXPORT_FORMAT, learnerStatsSchema } from "@lumen/contracts";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import type { SandboxSupport } from "@lumen/runners/sandbox";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { type CheckService, createCheckService } from "../checks/check-service.ts";
import { parseEnv } from "../env.ts";
import type { AccountExport } from "../presenters/account-export.ts";
import { type TestAccount, testClient } from "../testing/api-client.ts";
import { HELLO_TRACK } from "../testing/fixtures.ts";
import { mailedCodes, mailsTo } from "../testing/outbox.ts";

let database: Database;
let checks: CheckService;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
const logger = pino({ level: "silent" });
// No sandbox: completions are recorded unchecked, which is all these tests need of them.
const probe = async (): Promise<SandboxSupport> => ({ available: false, missing: "test" });

beforeAll(async () => {
  database = await createTestDatabase();
  checks = createCheckService({ env, logger, probe });
  await checks.start();
  app = createApp({
    database,
    env,
    logger,
    checks,
    catalog: new CatalogStore(database.db, {
      version: 1,
      catalog: { tracks: [HELLO_TRACK], glossary: {} },
    }),
  });
});
afterAll(async () => {
  await checks.dispose();
  await database.close();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** A learner with a bit of everything: a finished lesson, saved code, settings, events. */
async function busyLearner(): Promise<TestAccount> {
  const account = await api.signUp({ displayName: "Ada" });
  const { token } = account;
  const complete = await api.post("/v1/progress/lessons/2010102/complete", {
    token,
    body: {
      trackId: 2,
      tutorialId: 201,
      chapterId: 20101,
      trackVersion: 1,
      files: [{ name: "index.js", content: 'console.log("Hello")' }],
      timeZone: "Europe/Berlin",
      clientEventId: randomUUID(),
    },
  });
  expect(complete.status).toBe(200);
  const saved = await api.post(
    "/v1/tracks/2/tutorials/201/chapters/20101/lessons/2010102/savefiles?publishSetVersion=1",
    { token, body: { files: [{ name: "index.js", userContent: 'console.log("Hello")' }] } },
  );
  expect(saved.status).toBeLessThan(300);
  await api.call("PATCH", "/v1/me/settings", { token, body: { theme: "dark" } });
  // POST /v1/events records browsers' batches without a user (sendBeacon carries no token); an
  // event tied to the learner is written as a future signed-in batch would be.
  await database.db.insert(schema.analyticsEvents).values({
    name: "pageview",
    properties: { path: "/web/profile" },
    anonymousId: "anon-ada",
    userId: account.userId,
    occurredAt: new Date(),
  });
  await api.post("/v1/user/visits", { token, body: { appName: "web" } });
  return account;
}

describe("PATCH /v1/me: the display name", () => {
  it("sets it trimmed, and a blank name removes it", async () => {
    const { token } = await api.signUp({ displayName: "Ada" });
    const set = await api.call("PATCH", "/v1/me", { token, body: { displayName: "  Grace  " } });
    expect(set.status).toBe(200);
    expect(set.body.displayName).toBe("Grace");
    expect((await api.get("/v1/me", { token })).body.displayName).toBe("Grace");
    const blank = await api.call("PATCH", "/v1/me", { token, body: { displayName: "   " } });
    expect(blank.body.displayName).toBeNull();
  });

  it.each([
    [{ displayName: "x".repeat(101) }, "displayName"],
    [{ displayName: "A\u0000" }, "displayName"],
    [{ displayName: 5 }, "displayName"],
    [{ email: "new@example.com", displayName: "A" }, "email"],
  ])("refuses %j with a 400 naming %s", async (body, field) => {
    const { token } = await api.signUp();
    const answer = await api.call("PATCH", "/v1/me", { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
  });
});

describe("POST /v1/me/password", () => {
  it("needs the current password, and a new one of at least 6 characters", async () => {
    const { token } = await api.signUp();
    const wrong = await api.post("/v1/me/password", {
      token,
      body: { currentPassword: "not-it", newPassword: "brand-new-1" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: "auth/wrong-password",
      message: "Your current password is not right.",
    });
    const weak = await api.post("/v1/me/password", {
      token,
      body: { currentPassword: "secret-123", newPassword: "abc" },
    });
    expect(weak.body.code).toBe("auth/weak-password");
  });

  it("ends every other session and keeps this one with new tokens; the address is told", async () => {
    const here = await api.signUp();
    const elsewhere = await api.signIn(here.email);
    const changed = await api.post("/v1/me/password", {
      token: here.token,
      body: { currentPassword: "secret-123", newPassword: "brand-new-1" },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body as { idToken: string; refreshToken: string; user: { id: string } };
    expect(fresh.user.id).toBe(here.userId);
    // The new tokens work; the old ID tokens and every refresh token issued before do not.
    expect((await api.get("/v1/me", { token: fresh.idToken })).status).toBe(200);
    expect((await api.get("/v1/me", { token: elsewhere.token })).status).toBe(401);
    expect((await api.get("/v1/me", { token: here.token })).status).toBe(401);
    for (const refreshToken of [here.refreshToken, elsewhere.refreshToken]) {
      const refused = await api.post("/v1/auth/token", { body: { refreshToken } });
      expect(refused.status).toBe(401);
    }
    expect(
      (await api.post("/v1/auth/token", { body: { refreshToken: fresh.refreshToken } })).status,
    ).toBe(200);
    expect((await api.signIn(here.email, "brand-new-1")).userId).toBe(here.userId);
    const mails = await mailsTo(database.db, here.email);
    expect(mails.map((m) => m.subject)).toContain("Your Lumen password was changed");
  });

  it("allows ten guesses at the current password per quarter hour", async () => {
    const { token } = await api.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const body = { currentPassword: `guess-${i}`, newPassword: "brand-new-1" };
      statuses.push((await api.post("/v1/me/password", { token, body })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("changing the email address", () => {
  it("mails the new address; the account keeps the old one until the link is opened", async () => {
    const { email, token } = await api.signUp();
    const newEmail = `moved-${randomUUID()}@example.com`;
    const asked = await api.post("/v1/me/email", {
      token,
      body: { newEmail: ` ${newEmail.toUpperCase()} `, currentPassword: "secret-123" },
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ sentTo: newEmail });
    expect((await api.get("/v1/me", { token })).body.email).toBe(email);

    const [code] = await mailedCodes(database.db, newEmail, "changeEmail");
    const confirmed = await api.post("/v1/auth/email-change/confirm", { body: { code } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: newEmail, emailVerified: true });
    // The old address is told, the new one signs in, the old one no longer does.
    const told = await mailsTo(database.db, email);
    expect(told.at(-1)?.subject).toBe("Your Lumen email was changed");
    expect(told.at(-1)?.text).toContain(newEmail);
    expect((await api.signIn(newEmail)).email).toBe(newEmail);
    expect(
      (await api.post("/v1/auth/signin", { body: { email, password: "secret-123" } })).status,
    ).toBe(400);
    // The link works once.
    const again = await api.post("/v1/auth/email-change/confirm", { body: { code } });
    expect(again.body.code).toBe("auth/invalid-action-code");
  });

  it("refuses a wrong password, the same address, a taken one and a malformed one", async () => {
    const { email, token } = await api.signUp();
    const other = await api.signUp();
    const ask = (newEmail: string, currentPassword = "secret-123") =>
      api.post("/v1/me/email", { token, body: { newEmail, currentPassword } });
    expect((await ask(`x-${randomUUID()}@example.com`, "nope")).body.code).toBe(
      "auth/wrong-password",
    );
    const same = await ask(email);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe("newEmail: that is already your address");
    expect((await ask(other.email)).body.code).toBe("auth/email-already-in-use");
    expect((await ask("not an address")).body.code).toBe("auth/invalid-email");
  });

  it("refuses the link when another account took the address in the meantime", async () => {
    const { token } = await api.signUp();
    const wanted = `wanted-${randomUUID()}@example.com`;
    await api.post("/v1/me/email", {
      token,
      body: { newEmail: wanted, currentPassword: "secret-123" },
    });
    const [code] = await mailedCodes(database.db, wanted, "changeEmail");
    await api.signUp({ email: wanted });
    const confirmed = await api.post("/v1/auth/email-change/confirm", { body: { code } });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.code).toBe("auth/email-already-in-use");
  });
});

describe("GET /v1/me/stats", () => {
  it("answers totals, streaks, twelve weeks of XP and the tracks started", async () => {
    const { token } = await busyLearner();
    const answer = await api.get("/v1/me/stats", { token });
    expect(answer.status).toBe(200);
    const stats = learnerStatsSchema.parse(answer.body);
    expect(stats.totals.lessons).toBe(1);
    expect(stats.totals.xp).toBeGreaterThan(0);
    expect(stats.weeks).toHaveLength(12);
    expect(stats.weeks.at(-1)?.xp).toBe(stats.totals.xp);
    expect(stats.tracks).toEqual([
      { trackId: 2, title: "JavaScript", lessonsDone: 1, lessonCount: 1, finished: true },
    ]);
  });

  it("answers zeros for a new learner", async () => {
    const { token } = await api.signUp();
    const stats = learnerStatsSchema.parse((await api.get("/v1/me/stats", { token })).body);
    expect(stats.totals).toEqual({ xp: 0, lessons: 0, coins: 0 });
    expect(stats.tracks).toEqual([]);
    expect(stats.streak).toEqual({ current: 0, longest: 0, history: [] });
  });
});

describe("GET /v1/me/export", () => {
  it("downloads everything held about the learner as JSON, and no secret", async () => {
    const { token, email, userId } = await busyLearner();
    const answer = await api.get("/v1/me/export", { token });
    expect(answer.status).toBe(200);
    expect(answer.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="lumen-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.res.headers.get("cache-control")).toBe("no-store");
    const data = answer.body as unknown as AccountExport;
    expect(data.format).toBe(EXPORT_FORMAT);
    expect(data.account).toMatchObject({ id: userId, email, displayName: "Ada" });
    expect(data.settings.values).toEqual({ theme: "dark" });
    expect(data.completions).toHaveLength(1);
    expect(data.completions[0]).toMatchObject({ lessonId: 2010102, trackId: 2 });
    expect(data.savedFiles).toEqual([
      expect.objectContaining({
        lessonId: 2010102,
        name: "index.js",
        content: 'console.log("Hello")',
      }),
    ]);
    expect(data.coins.balance).toBeGreaterThan(0);
    expect(data.days).toHaveLength(1);
    expect(data.visits).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.events.map((e) => e.name)).toContain("pageview");
    expect(data.mailedLinks.map((m) => m.purpose)).toContain("verify_email");
    const [user] = await database.db.select().from(schema.users).where(eq(schema.users.id, userId));
    const tokens = await database.db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.userId, userId));
    expect(answer.text).not.toContain(user?.passwordHash);
    for (const row of tokens) expect(answer.text).not.toContain(row.tokenHash);
    expect(answer.text).not.toContain("/web/verify-email#");
  });

  it("includes the photo's bytes", async () => {
    const { token, userId } = await api.signUp();
    await database.db
      .update(schema.users)
      .set({ emailVerified: true })
      .where(eq(schema.users.id, userId));
    await app.request("/v1/me/photo", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: PNG,
    });
    const data = (await api.get("/v1/me/export", { token })).body as unknown as AccountExport;
    expect(data.photo).toMatchObject({ contentType: "image/png", bytes: PNG.byteLength });
    expect(Buffer.from(data.photo?.base64 ?? "", "base64")).toEqual(Buffer.from(PNG));
  });

  it("needs a signed-in user", async () => {
    expect((await api.get("/v1/me/export")).status).toBe(401);
  });
});

describe("DELETE /v1/me", () => {
  it("refuses without the typed address or with a wrong password, and deletes nothing", async () => {
    const { token, email } = await api.signUp();
    const typo = await api.call("DELETE", "/v1/me", {
      token,
      body: { confirmEmail: "someone@example.com", password: "secret-123" },
    });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe("confirmEmail: type your account's email address to confirm");
    const wrong = await api.call("DELETE", "/v1/me", {
      token,
      body: { confirmEmail: email, password: "nope-nope" },
    });
    expect(wrong.body.code).toBe("auth/wrong-password");
    expect((await api.get("/v1/me", { token })).status).toBe(200);
  });

  it("deletes the account and everything tied to it, ends every session, and frees the address", async () => {
    const learner = await busyLearner();
    const { token, email, userId, refreshToken } = learner;
    await database.db
      .update(schema.users)
      .set({ emailVerified: true })
      .where(eq(schema.users.id, userId));
    await app.request("/v1/me/photo", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: PNG,
    });
    const elsewhere = await api.signIn(email);
    const deleted = await api.call("DELETE", "/v1/me", {
      token,
      body: { confirmEmail: ` ${email.toUpperCase()} `, password: "secret-123" },
    });
    expect(deleted.status).toBe(204);

    const byUser = {
      users: schema.users.id,
      refreshTokens: schema.refreshTokens.userId,
      actionCodes: schema.actionCodes.userId,
      userVisits: schema.userVisits.userId,
      learnerProgress: schema.learnerProgress.userId,
      lessonCompletions: schema.lessonCompletions.userId,
      progressDays: schema.progressDays.userId,
      coinLedger: schema.coinLedger.userId,
      activeSections: schema.activeSections.userId,
      savedFiles: schema.savedFiles.userId,
      userSettings: schema.userSettings.userId,
      userPhotos: schema.userPhotos.userId,
      analyticsEvents: schema.analyticsEvents.userId,
    } as const;
    for (const [table, column] of Object.entries(byUser)) {
      const rows = await database.db
        .select()
        .from(schema[table as keyof typeof byUser])
        .where(eq(column, userId));
      expect(rows, table).toHaveLength(0);
    }
    expect(await mailsTo(database.db, email)).toHaveLength(0);

    // Every session ends: ID tokens name no account, refresh tokens are gone.
    for (const session of [learner, elsewhere]) {
      expect((await api.get("/v1/me", { token: session.token })).status).toBe(401);
    }
    for (const refresh of [refreshToken, elsewhere.refreshToken]) {
      expect((await api.post("/v1/auth/token", { body: { refreshToken: refresh } })).status).toBe(
        401,
      );
    }
    // The address can register again, as a new account.
    const again = await api.signUp({ email });
    expect(again.userId).not.toBe(userId);
  });
});
