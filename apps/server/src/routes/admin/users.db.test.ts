/**
 * The admin users API (issue 14) in-process against a real database: search and pagination, one
 * user with stats and audit trail, roles, disable and enable, sign out everywhere, impersonation
 * where allowed, and the audit log; each change leaves one audit entry, and each refusal says why.
 */
import { randomUUID } from "node:crypto";
import { ADMIN_USERS_PAGE_SIZE } from "@lumen/contracts";
import { type Database, schema } from "@lumen/db";
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
const env = (extra: Record<string, string> = {}) =>
  parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent", ...extra });
const logger = pino({ level: "silent" });
let admin: TestAccount;
let otherAdmin: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env: env({ ALLOW_IMPERSONATION: "true" }), logger });
  admin = await makeAdmin();
  otherAdmin = await makeAdmin();
});
afterAll(async () => {
  await database.close();
});

async function makeAdmin(): Promise<TestAccount> {
  const { email } = await api.signUp({ displayName: "An Admin" });
  await grantRole({ db: database.db, email, role: "admin" });
  return api.signIn(email);
}

const as = (account: TestAccount) => ({ token: account.token });
type Summary = { id: string; email: string; roles: string[]; disabled: boolean };
type Entry = {
  action: string;
  actor: { email: string } | null;
  target: { id: string } | null;
  detail: Record<string, unknown>;
};

async function auditFor(userId: string): Promise<Entry[]> {
  const answer = await api.get(`/v1/admin/audit?userId=${userId}`, as(admin));
  expect(answer.status).toBe(200);
  return answer.body.entries as Entry[];
}

describe("GET /v1/admin/users", () => {
  it("finds users by a part of their email or display name, in any case", async () => {
    const tag = randomUUID().slice(0, 8);
    const byEmail = await api.signUp({ email: `Find-${tag}@example.com` });
    const byName = await api.signUp({ displayName: `Ada ${tag.toUpperCase()} Lovelace` });
    await api.post("/v1/user/visits", { token: byName.token, body: { appName: "web" } });
    const answer = await api.get(`/v1/admin/users?query=${tag.toUpperCase()}`, as(admin));
    expect(answer.status).toBe(200);
    const users = answer.body.users as Array<Summary & Record<string, unknown>>;
    expect(users.map((u) => u.id).sort()).toEqual([byEmail.userId, byName.userId].sort());
    const named = users.find((u) => u.id === byName.userId);
    expect(named).toMatchObject({
      displayName: `Ada ${tag.toUpperCase()} Lovelace`,
      roles: [],
      disabled: false,
      emailVerified: false,
    });
    expect(typeof named?.createdAt).toBe("string");
    expect(typeof named?.lastVisitAt).toBe("string");
    expect(users.find((u) => u.id === byEmail.userId)?.lastVisitAt).toBeNull();
    expect(answer.body.nextCursor).toBeNull();
  });

  it("treats % and _ as letters, not wildcards", async () => {
    const answer = await api.get(`/v1/admin/users?query=${encodeURIComponent("%_%")}`, as(admin));
    expect(answer.status).toBe(200);
    expect(answer.body.users).toEqual([]);
  });

  it("pages 25 at a time with a cursor, every user once", async () => {
    const tag = `page${randomUUID().slice(0, 8)}`;
    // Straight into the table: 28 sign-ups would be 28 password hashes.
    await database.db.insert(schema.users).values(
      Array.from({ length: ADMIN_USERS_PAGE_SIZE + 3 }, (_, i) => ({
        email: `${tag}-${String(i).padStart(2, "0")}@example.com`,
        passwordHash: "not-a-hash",
      })),
    );
    const first = await api.get(`/v1/admin/users?query=${tag}`, as(admin));
    const firstUsers = first.body.users as Summary[];
    expect(firstUsers).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api.get(
      `/v1/admin/users?query=${tag}&cursor=${encodeURIComponent(String(first.body.nextCursor))}`,
      as(admin),
    );
    const secondUsers = second.body.users as Summary[];
    expect(secondUsers).toHaveLength(3);
    expect(second.body.nextCursor).toBeNull();
    const emails = [...firstUsers, ...secondUsers].map((u) => u.email);
    expect(new Set(emails).size).toBe(ADMIN_USERS_PAGE_SIZE + 3);
    expect(emails).toEqual([...emails].sort());
  });

  it("refuses a query that is too long", async () => {
    const answer = await api.get(`/v1/admin/users?query=${"a".repeat(201)}`, as(admin));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("validation_failed");
  });
});

describe("GET /v1/admin/users/:userId", () => {
  it("answers the user with their stats and their recent audit entries", async () => {
    const learner = await api.signUp();
    await api.post(`/v1/admin/users/${learner.userId}/sign-out`, as(admin));
    const answer = await api.get(`/v1/admin/users/${learner.userId}`, as(admin));
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: learner.userId, email: learner.email });
    expect(answer.body.stats).toMatchObject({ totals: { xp: 0, lessons: 0 }, tracks: [] });
    expect((answer.body.audit as Entry[]).map((e) => e.action)).toEqual(["user.sign-out"]);
  });

  it("answers 404 for an unknown id and 400 for one that is not an id", async () => {
    const unknown = await api.get(`/v1/admin/users/${randomUUID()}`, as(admin));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found");
    const bad = await api.get("/v1/admin/users/not-an-id", as(admin));
    expect(bad.status).toBe(400);
  });
});

describe("PUT /v1/admin/users/:userId/roles", () => {
  it("sets the roles and records each role granted and revoked", async () => {
    const learner = await api.signUp();
    const path = `/v1/admin/users/${learner.userId}/roles`;
    const granted = await api.put(path, { ...as(admin), body: { roles: ["course_engineer"] } });
    expect(granted.status).toBe(200);
    expect((granted.body.user as Summary).roles).toEqual(["course_engineer"]);
    // The learner's next request sees the new role (the server reads it from the database).
    const me = await api.get("/v1/me", as(learner));
    expect(JSON.stringify(me.body)).toContain("course_engineer");
    const revoked = await api.put(path, { ...as(admin), body: { roles: [] } });
    expect((revoked.body.user as Summary).roles).toEqual([]);
    const again = await api.put(path, { ...as(admin), body: { roles: [] } });
    expect(again.status).toBe(200);
    const entries = await auditFor(learner.userId);
    expect(entries.map((e) => [e.action, e.detail.role, e.actor?.email])).toEqual([
      ["user.role.revoke", "course_engineer", admin.email],
      ["user.role.grant", "course_engineer", admin.email],
    ]);
  });

  it("refuses unknown roles and an admin removing their own admin role", async () => {
    const learner = await api.signUp();
    const unknown = await api.put(`/v1/admin/users/${learner.userId}/roles`, {
      ...as(admin),
      body: { roles: ["wizard"] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("validation_failed");
    const self = await api.put(`/v1/admin/users/${admin.userId}/roles`, {
      ...as(admin),
      body: { roles: ["course_engineer"] },
    });
    expect(self.status).toBe(409);
    expect(self.body).toEqual({
      code: "conflict",
      message: "You cannot remove your own admin role: ask another administrator to do it.",
    });
    const missing = await api.put(`/v1/admin/users/${randomUUID()}/roles`, {
      ...as(admin),
      body: { roles: [] },
    });
    expect(missing.status).toBe(404);
  });
});

describe("POST /v1/admin/users/:userId/disable and enable", () => {
  it("disables an account (its token stops working at once) and enables it again", async () => {
    const learner = await api.signUp();
    expect((await api.get("/v1/me", as(learner))).status).toBe(200);
    const disabled = await api.post(`/v1/admin/users/${learner.userId}/disable`, as(admin));
    expect(disabled.status).toBe(200);
    expect((disabled.body.user as Summary).disabled).toBe(true);
    const refused = await api.get("/v1/me", as(learner));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("auth/user-disabled");
    const refresh = await api.post("/v1/auth/token", {
      body: { refreshToken: learner.refreshToken },
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    const enabled = await api.post(`/v1/admin/users/${learner.userId}/enable`, as(admin));
    expect((enabled.body.user as Summary).disabled).toBe(false);
    // The old session stays ended; signing in again works.
    expect((await api.get("/v1/me", as(learner))).status).toBe(401);
    const again = await api.signIn(learner.email);
    expect((await api.get("/v1/me", as(again))).status).toBe(200);
    expect((await auditFor(learner.userId)).map((e) => e.action)).toEqual([
      "user.enable",
      "user.disable",
    ]);
  });

  it("refuses an admin disabling themselves, and unknown accounts", async () => {
    const self = await api.post(`/v1/admin/users/${admin.userId}/disable`, as(admin));
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("You cannot disable your own account.");
    expect((await api.get("/v1/me", as(admin))).status).toBe(200);
    const missing = await api.post(`/v1/admin/users/${randomUUID()}/enable`, as(admin));
    expect(missing.status).toBe(404);
  });
});

describe("POST /v1/admin/users/:userId/sign-out", () => {
  it("ends every session of the account, which can sign in again", async () => {
    const learner = await api.signUp();
    const laptop = await api.signIn(learner.email);
    const answer = await api.post(`/v1/admin/users/${learner.userId}/sign-out`, as(admin));
    expect(answer.status).toBe(200);
    expect((answer.body.user as Summary).disabled).toBe(false);
    expect((await api.get("/v1/me", as(learner))).status).toBe(401);
    expect((await api.get("/v1/me", as(laptop))).status).toBe(401);
    const refresh = await api.post("/v1/auth/token", {
      body: { refreshToken: laptop.refreshToken },
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
    expect((await api.get("/v1/me", as(await api.signIn(learner.email)))).status).toBe(200);
    const missing = await api.post(`/v1/admin/users/${randomUUID()}/sign-out`, as(admin));
    expect(missing.status).toBe(404);
  });
});

describe("POST /v1/admin/users/:userId/impersonate", () => {
  it("answers a token that acts as the learner, with its expiry, and records it", async () => {
    const learner = await api.signUp();
    const answer = await api.post(`/v1/admin/users/${learner.userId}/impersonate`, as(admin));
    expect(answer.status).toBe(200);
    expect(answer.body.setting).toBe("IMPERSONATION_TOKEN");
    const hours = (Date.parse(String(answer.body.expiresAt)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    const me = await api.get("/v1/me", { token: String(answer.body.token) });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(learner.email);
    const [entry] = await auditFor(learner.userId);
    expect(entry).toMatchObject({ action: "user.impersonate", actor: { email: admin.email } });
  });

  it("never impersonates an admin or a disabled account", async () => {
    const other = await api.post(`/v1/admin/users/${otherAdmin.userId}/impersonate`, as(admin));
    expect(other.status).toBe(409);
    expect(other.body.message).toBe("Administrators cannot be impersonated.");
    const learner = await api.signUp();
    await api.post(`/v1/admin/users/${learner.userId}/disable`, as(admin));
    const disabled = await api.post(`/v1/admin/users/${learner.userId}/impersonate`, as(admin));
    expect(disabled.status).toBe(409);
    expect(disabled.body.message).toContain("disabled");
    const missing = await api.post(`/v1/admin/users/${randomUUID()}/impersonate`, as(admin));
    expect(missing.status).toBe(404);
  });

  it("is refused where the server does not accept impersonation tokens", async () => {
    const strict = createApp({ database, env: env(), logger });
    const learner = await api.signUp();
    const answer = await testClient(strict).post(
      `/v1/admin/users/${learner.userId}/impersonate`,
      as(admin),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain("ALLOW_IMPERSONATION");
  });
});

describe("GET /v1/admin/audit", () => {
  it("lists the log newest first, filtered by action, a page at a time", async () => {
    const learner = await api.signUp();
    for (let i = 0; i < 27; i++) {
      await api.post(`/v1/admin/users/${learner.userId}/sign-out`, as(otherAdmin));
    }
    const all = await api.get("/v1/admin/audit", as(admin));
    expect(all.status).toBe(200);
    const ids = (all.body.entries as Array<{ id: number }>).map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.actions).toEqual(expect.arrayContaining(["user.sign-out", "user.disable"]));
    const signOuts = await api.get(
      `/v1/admin/audit?action=user.sign-out&userId=${learner.userId}`,
      as(admin),
    );
    expect(signOuts.body.entries as Entry[]).toHaveLength(25);
    expect(signOuts.body.nextCursor).toEqual(expect.any(String));
    expect((signOuts.body.entries as Entry[]).every((e) => e.action === "user.sign-out")).toBe(
      true,
    );
    const byActor = await auditFor(otherAdmin.userId);
    expect(byActor.length).toBe(25);
    // Pagination: every entry once, in order.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof api.get>> = await api.get(
        `/v1/admin/audit${cursor ? `?cursor=${cursor}` : ""}`,
        as(admin),
      );
      seen.push(...(page.body.entries as Array<{ id: number }>).map((e) => e.id));
      cursor = page.body.nextCursor as string | null;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen.length).toBeGreaterThan(25);
  });

  it("refuses a bad cursor or user id", async () => {
    expect((await api.get("/v1/admin/audit?cursor=abc", as(admin))).status).toBe(400);
    expect((await api.get("/v1/admin/audit?userId=1", as(admin))).status).toBe(400);
  });
});
