/**
 * The identity provider's API in-process against a real database: each endpoint, each error
 * code, refresh rotation and reuse, disabled accounts, rate limits and the reset mail received
 * over SMTP.
 */
import type { AddressInfo } from "node:net";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { createLocalJWKSet, jwtVerify, SignJWT } from "jose";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { ID_TOKEN_AUDIENCE, ID_TOKEN_ISSUER } from "../auth/id-token.ts";
import { createRateLimiter, databaseRateLimitStore, RATE_LIMITS } from "../auth/rate-limit.ts";
import { loadKeyRing } from "../auth/signing-keys.ts";
import { disableUser } from "../commands/disable-user.ts";
import { enableUser } from "../commands/enable-user.ts";
import { signInUser } from "../commands/sign-in-user.ts";
import { parseEnv } from "../env.ts";
import {
  type CallOptions,
  newEmail,
  newIp,
  type Requester,
  type TestClient,
  testClient,
} from "../testing/api-client.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const logged: string[] = [];
const logger = pino({ level: "debug" }, { write: (line: string) => logged.push(line) });
const env = (extra: Record<string, string> = {}) =>
  parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent", ...extra });

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env: env(), logger });
});
afterAll(async () => {
  await database.close();
});

const clients = new WeakMap<Requester, TestClient>();
/** The test client of an app (each request from a fresh address, for rate limits). */
const clientOf = (target: Requester) => {
  const client = clients.get(target) ?? testClient(target);
  clients.set(target, client);
  return client;
};
const call = (target: Requester, method: string, path: string, options?: CallOptions) =>
  clientOf(target).call(method, path, options);
const post = (path: string, options?: CallOptions) => call(app, "POST", path, options);
const get = (path: string, options?: CallOptions) => call(app, "GET", path, options);

async function signUp(email = newEmail(), password = "secret-123", displayName?: string) {
  const account = await clientOf(app).signUp({ email, password, displayName });
  return {
    ...account,
    idToken: account.token,
    user: { id: account.userId },
  };
}

describe("POST /v1/auth/signup", () => {
  it("creates the account and answers tokens and the user", async () => {
    const answer = await post("/v1/auth/signup", {
      body: { email: "  New.Learner@Example.com ", password: "secret-123", displayName: "Ada" },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.idToken).toEqual(expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/));
    expect(answer.body.refreshToken).toEqual(expect.any(String));
    expect(answer.body.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: "new.learner@example.com",
      emailVerified: false,
      tenantId: null,
      phoneNumber: null,
      displayName: "Ada",
      photoURL: null,
      claims: { roles: [] },
    });
    const [row] = await database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "new.learner@example.com"));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain("secret-123");
  });

  it("answers auth/email-already-in-use for a taken address, whatever its case", async () => {
    const { email } = await signUp();
    const answer = await post("/v1/auth/signup", {
      body: { email: email.toUpperCase(), password: "other-123" },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: "auth/email-already-in-use",
      message: "An account with this email already exists.",
    });
  });

  it("answers auth/invalid-email and auth/weak-password", async () => {
    const invalid = await post("/v1/auth/signup", {
      body: { email: "not-an-email", password: "secret-123" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("auth/invalid-email");
    const weak = await post("/v1/auth/signup", { body: { email: newEmail(), password: "12345" } });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({
      code: "auth/weak-password",
      message: "The password must be at least 6 characters.",
    });
    const sixIsEnough = await post("/v1/auth/signup", {
      body: { email: newEmail(), password: "123456" },
    });
    expect(sixIsEnough.status).toBe(201);
  });

  it("answers validation_failed for a body without the fields", async () => {
    const answer = await post("/v1/auth/signup", { body: { email: "a@b.c" } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("validation_failed");
  });
});

describe("POST /v1/auth/signin", () => {
  it("answers tokens for the right password", async () => {
    const { email, password, user } = await signUp();
    const answer = await post("/v1/auth/signin", { body: { email, password } });
    expect(answer.status).toBe(200);
    expect((answer.body.user as { id: string }).id).toBe(user.id);
    expect(answer.body.idToken).toEqual(expect.any(String));
  });

  it("answers an unknown email exactly as a wrong password", async () => {
    const { email } = await signUp();
    const wrong = await post("/v1/auth/signin", { body: { email, password: "not-the-one" } });
    const unknown = await post("/v1/auth/signin", {
      body: { email: newEmail(), password: "not-the-one" },
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      code: "auth/wrong-password",
      message: "The email or password is not right.",
    });
  });

  it("answers auth/invalid-email for a malformed address", async () => {
    const answer = await post("/v1/auth/signin", {
      body: { email: "nope", password: "secret-123" },
    });
    expect(answer.body.code).toBe("auth/invalid-email");
  });

  it("locks wrong passwords out per account and address: the owner still signs in from their own device", async () => {
    const { email, password } = await signUp();
    const attacker = newIp();
    const codes: unknown[] = [];
    for (let i = 0; i < 10; i++) {
      codes.push(
        (await post("/v1/auth/signin", { ip: attacker, body: { email, password: "guess-000" } }))
          .body.code,
      );
    }
    expect(codes).toEqual(Array(10).fill("auth/wrong-password"));
    // The eleventh try from that address is refused, even with the right password.
    const limited = await post("/v1/auth/signin", { ip: attacker, body: { email, password } });
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.body).toEqual({
      code: "auth/too-many-requests",
      message: "Too many attempts. Wait a few minutes and try again.",
    });
    // The owner, from their usual address, is not locked out of their own account.
    const owner = await post("/v1/auth/signin", { ip: newIp(), body: { email, password } });
    expect(owner.status).toBe(200);
  });

  it("still limits attempts per account across many addresses (a distributed guess)", async () => {
    const { email, password } = await signUp();
    // The same rules with a per-account limit of 3, so that the test needs 4 hashes, not 101.
    const limiter = createRateLimiter(databaseRateLimitStore(database.db), {
      ...RATE_LIMITS,
      signInPerAccount: { limit: 3, windowMs: RATE_LIMITS.signInPerAccount.windowMs },
    });
    const attempt = (pw: string) =>
      signInUser({ db: database.db, limiter, ip: newIp(), email, password: pw }).then(
        () => "ok",
        (error: { code?: string }) => error.code,
      );
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await attempt("guess-000"));
    outcomes.push(await attempt(password));
    expect(outcomes).toEqual([
      "auth/wrong-password",
      "auth/wrong-password",
      "auth/wrong-password",
      "auth/too-many-requests",
    ]);
    expect(RATE_LIMITS.signInPerAccount.limit).toBeGreaterThan(
      RATE_LIMITS.signInPerAccountAndIp.limit,
    );
  });

  it("limits attempts per address across accounts", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      // Malformed addresses still count against the address and cost no hashing.
      statuses.push(
        (await post("/v1/auth/signin", { ip, body: { email: `bad${i}`, password: "guess-000" } }))
          .status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("limits sign-ups per address", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await post("/v1/auth/signup", { ip, body: { email: "bad", password: "secret-123" } }))
          .status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});

describe("ID tokens", () => {
  it.each([
    ["a subject that is not a user id", { sub: "not-a-uuid", exp: true }],
    ["a subject that is a number", { sub: 42, exp: true }],
    ["no expiry", { sub: "self", exp: false }],
  ])("refuses a token signed with our own key but with %s: 401", async (_, shape) => {
    const { user } = await signUp();
    // The server's own key, as an attacker who stole one signing operation would use it.
    const keys = await loadKeyRing(database.db);
    const payload: Record<string, unknown> = { sv: 0, roles: [], email: "x@example.com" };
    payload.sub = shape.sub === "self" ? user.id : shape.sub;
    let jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: "ES256", kid: keys.current.kid, typ: "JWT" })
      .setIssuer(ID_TOKEN_ISSUER)
      .setAudience(ID_TOKEN_AUDIENCE)
      .setIssuedAt();
    if (shape.exp) jwt = jwt.setExpirationTime("1h");
    const token = await jwt.sign(keys.current.privateKey);
    const me = await get("/v1/me", { token });
    expect(me.status).toBe(401);
    // The same key and claims with a real subject and an expiry are accepted: the key is right.
    const good = await new SignJWT({ ...payload, sub: user.id })
      .setProtectedHeader({ alg: "ES256", kid: keys.current.kid, typ: "JWT" })
      .setIssuer(ID_TOKEN_ISSUER)
      .setAudience(ID_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(keys.current.privateKey);
    expect((await get("/v1/me", { token: good })).status).toBe(200);
  });

  it("are one-hour ES256 JWTs verifiable with the published JWKS", async () => {
    const { idToken, user } = await signUp(newEmail(), "secret-123", "Grace");
    const jwks = await get("/.well-known/jwks.json");
    expect(jwks.status).toBe(200);
    const { payload, protectedHeader } = await jwtVerify(
      idToken,
      createLocalJWKSet(jwks.body as never),
    );
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload.sub).toBe(user.id);
    expect(payload.name).toBe("Grace");
    expect(payload.roles).toEqual([]);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });
});

describe("GET /v1/me", () => {
  it("answers the signed-in user with their roles", async () => {
    const { idToken, email } = await signUp();
    await database.db
      .update(schema.users)
      .set({ roles: ["course_engineer"] })
      .where(eq(schema.users.email, email));
    const me = await get("/v1/me", { token: idToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      emailVerified: false,
      claims: { roles: ["course_engineer"] },
    });
    expect(Object.keys(me.body).sort()).toEqual(
      [
        "claims",
        "displayName",
        "email",
        "emailVerified",
        "id",
        "phoneNumber",
        "photoURL",
        "tenantId",
      ].sort(),
    );
  });

  it("answers 401 without a token, with a forged token and with a malformed header", async () => {
    expect((await get("/v1/me")).status).toBe(401);
    const { idToken } = await signUp();
    const [header, payload] = idToken.split(".");
    const forged = `${header}.${payload}.${"A".repeat(86)}`;
    const bad = await get("/v1/me", { token: forged });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("unauthenticated");
    const malformed = await get("/v1/me", { headers: { authorization: "Basic abc" } });
    expect(malformed.status).toBe(401);
  });
});

describe("POST /v1/auth/token", () => {
  it("rotates: a refresh token gives a new pair once, and reusing it revokes the family", async () => {
    const { refreshToken } = await signUp();
    const first = await post("/v1/auth/token", { body: { refreshToken } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["idToken", "refreshToken"]);
    expect(first.body.refreshToken).not.toBe(refreshToken);

    const reuse = await post("/v1/auth/token", { body: { refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe("auth/requires-recent-login");
    // The thief's reuse ended the family: the legitimate next token is dead too.
    const next = await post("/v1/auth/token", { body: { refreshToken: first.body.refreshToken } });
    expect(next.status).toBe(401);
    expect(next.body.code).toBe("auth/requires-recent-login");
  });

  it("refuses an unknown refresh token", async () => {
    const answer = await post("/v1/auth/token", { body: { refreshToken: "made-up" } });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("auth/requires-recent-login");
  });
});

describe("disabled accounts", () => {
  it("cannot sign in or refresh, and their tokens and sessions stop working", async () => {
    const { email, password, idToken, refreshToken } = await signUp();
    const login = await call(app, "POST", "/api/login", {
      token: idToken,
      headers: { origin: "http://localhost" },
    });
    const cookie = login.res.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^lumen_session=/);

    await disableUser({ db: database.db, email });
    const signIn = await post("/v1/auth/signin", { body: { email, password } });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({
      code: "auth/user-disabled",
      message: "This account has been disabled.",
    });
    expect((await post("/v1/auth/token", { body: { refreshToken } })).body.code).toBe(
      "auth/requires-recent-login",
    );
    const me = await get("/v1/me", { token: idToken });
    expect(me.status).toBe(403);
    expect(me.body.code).toBe("auth/user-disabled");

    await enableUser({ db: database.db, email });
    // Enabling again does not bring old tokens or sessions back.
    const stale = await get("/v1/me", { token: idToken });
    expect(stale.body.code).toBe("auth/requires-recent-login");
    expect((await post("/v1/auth/signin", { body: { email, password } })).status).toBe(200);
  });

  it("a wrong password for a disabled account still answers auth/wrong-password", async () => {
    const { email } = await signUp();
    await disableUser({ db: database.db, email });
    const answer = await post("/v1/auth/signin", { body: { email, password: "not-the-one" } });
    expect(answer.body.code).toBe("auth/wrong-password");
  });
});

describe("POST /api/login and /api/logout", () => {
  it("sets the signed session cookie with the product's attributes", async () => {
    const { idToken } = await signUp();
    const login = await call(app, "POST", "/api/login", {
      token: idToken,
      headers: { origin: "http://localhost" },
    });
    expect(login.status).toBe(200);
    const cookies = login.res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0] ?? "";
    expect(cookie).toMatch(/^lumen_session=[0-9a-f-]{36}\.\d+\.[^;]+;/);
    const attributes = cookie
      .split(";")
      .slice(1)
      .map((a) => a.trim());
    expect(attributes).toEqual(
      expect.arrayContaining([
        "Max-Age=1036800",
        "Path=/",
        "HttpOnly",
        "Secure",
        "SameSite=Strict",
      ]),
    );
  });

  it("refuses a foreign or missing Origin, and a missing or bad token", async () => {
    const { idToken } = await signUp();
    const foreign = await call(app, "POST", "/api/login", {
      token: idToken,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.res.headers.get("set-cookie")).toBeNull();
    expect((await call(app, "POST", "/api/login", { token: idToken })).status).toBe(403);
    const noToken = await call(app, "POST", "/api/login", {
      headers: { origin: "http://localhost" },
    });
    expect(noToken.status).toBe(401);
    const badToken = await call(app, "POST", "/api/login", {
      token: "abc",
      headers: { origin: "http://localhost" },
    });
    expect(badToken.status).toBe(401);
    const logout = await call(app, "POST", "/api/logout", {
      headers: { origin: "https://evil.example" },
    });
    expect(logout.status).toBe(403);
  });

  it("logout clears the cookie", async () => {
    const logout = await call(app, "POST", "/api/logout", {
      headers: { origin: "http://localhost" },
    });
    expect(logout.status).toBe(200);
    const cookie = logout.res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^lumen_session=;/);
    expect(cookie).toContain("Max-Age=0");
  });
});

describe("POST /v1/user/visits", () => {
  it("counts a signed-in user's visits per day", async () => {
    const { idToken, user } = await signUp();
    expect(
      (await post("/v1/user/visits", { token: idToken, body: { appName: "web" } })).status,
    ).toBe(204);
    expect(
      (await post("/v1/user/visits", { token: idToken, body: { appName: "web" } })).status,
    ).toBe(204);
    const rows = await database.db
      .select()
      .from(schema.userVisits)
      .where(eq(schema.userVisits.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      appName: "web",
      count: 2,
      day: new Date().toISOString().slice(0, 10),
    });
    expect((await post("/v1/user/visits", { body: { appName: "web" } })).status).toBe(401);
  });
});

describe("password reset and email verification through the outbox", () => {
  it("answers 204 for known and unknown addresses alike, and mails only the known one", async () => {
    const { email } = await signUp();
    const stranger = newEmail();
    expect((await post("/v1/auth/password-reset", { body: { email } })).status).toBe(204);
    expect((await post("/v1/auth/password-reset", { body: { email: stranger } })).status).toBe(204);
    // The answer leaves before the look-up (issue 11): the mail follows it.
    const mails = await eventually(
      () => database.db.select().from(schema.mailOutbox),
      (rows) => rows.some((m) => m.to === email && m.subject.startsWith("Reset")),
    );
    // Besides the verification mail sent at sign-up: one reset mail.
    expect(mails.filter((m) => m.to === email && m.subject.startsWith("Reset"))).toHaveLength(1);
    expect(mails.filter((m) => m.to === stranger)).toHaveLength(0);
    const mailbox = await app.request("/dev/mailbox");
    expect(mailbox.status).toBe(200);
    expect(await mailbox.text()).toContain(`To: ${email}`);
  });

  it("shows the mailbox only to this machine: never to another address, a proxied request or in production", async () => {
    const { email } = await signUp();
    await post("/v1/auth/password-reset", { body: { email } });
    await latestCode(email, "passwordReset");
    // What @hono/node-server hands the app for a real connection.
    const from = (remoteAddress: string) => ({
      incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: "IPv4" } },
    });
    const mailbox = (address: string, headers: Record<string, string> = {}, target = app) =>
      target.request("/dev/mailbox", { headers }, from(address));

    for (const local of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.8.9.10"]) {
      const answer = await mailbox(local);
      expect(answer.status, local).toBe(200);
      expect(await answer.text()).toContain(`To: ${email}`);
    }
    for (const remote of ["203.0.113.7", "10.0.0.2", "::ffff:192.168.1.4", "fe80::1", "0.0.0.0"]) {
      const answer = await mailbox(remote);
      expect(answer.status, remote).toBe(404);
      expect(await answer.text()).not.toContain(email);
    }
    // A reverse proxy on this machine connects from loopback for every client on the internet.
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const answer = await mailbox("127.0.0.1", { [header]: "203.0.113.7" });
      expect(answer.status, header).toBe(404);
      expect(await answer.text()).not.toContain(email);
    }
    const production = createApp({
      database,
      env: env({
        NODE_ENV: "production",
        COOKIE_KEYS: "k".repeat(32),
        BILLING_PROVIDER: "local",
        APPS_DOMAIN: "apps.example.net",
      }),
      logger,
    });
    const answer = await mailbox("127.0.0.1", {}, production);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain(email);
  });

  it("refuses an unknown code, a used code and an expired code with their own codes", async () => {
    const { email } = await signUp();
    await post("/v1/auth/password-reset", { body: { email } });
    const code = await latestCode(email, "passwordReset");
    const unknown = await post("/v1/auth/password-reset/confirm", {
      body: { code: "nope", newPassword: "fresh-123" },
    });
    expect(unknown.body).toEqual({
      code: "auth/invalid-action-code",
      message: "This link is not valid or has already been used.",
    });
    const weak = await post("/v1/auth/password-reset/confirm", {
      body: { code, newPassword: "123" },
    });
    expect(weak.body.code).toBe("auth/weak-password");
    expect(
      (await post("/v1/auth/password-reset/confirm", { body: { code, newPassword: "fresh-123" } }))
        .status,
    ).toBe(204);
    const again = await post("/v1/auth/password-reset/confirm", {
      body: { code, newPassword: "fresh-456" },
    });
    expect(again.body.code).toBe("auth/invalid-action-code");

    await post("/v1/auth/password-reset", { body: { email } });
    const late = await latestCode(email, "passwordReset");
    await database.db.update(schema.actionCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post("/v1/auth/password-reset/confirm", {
      body: { code: late, newPassword: "fresh-789" },
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      code: "auth/expired-action-code",
      message: "This link has expired. Ask for a new one.",
    });
  });

  it("verifies the address with a mailed code", async () => {
    const { idToken, email } = await signUp();
    const sent = await post("/v1/auth/verify-email", { token: idToken });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sent: true });
    const code = await latestCode(email, "verifyEmail");
    // A verification code is no reset code.
    const wrongUse = await post("/v1/auth/password-reset/confirm", {
      body: { code, newPassword: "fresh-123" },
    });
    expect(wrongUse.body.code).toBe("auth/invalid-action-code");
    expect((await post("/v1/auth/verify-email/confirm", { body: { code } })).status).toBe(204);
    expect((await get("/v1/me", { token: idToken })).body.emailVerified).toBe(true);
  });

  it("limits reset requests per account: auth/too-many-requests", async () => {
    const { email } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post("/v1/auth/password-reset", { body: { email } })).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
  });
});

/**
 * Reads until `done` holds: a reset mail is written after the answer has left. The bound is
 * generous (a busy machine), and the loop ends as soon as the mail is there.
 */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 15_000;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

const mailsRead = new Map<string, number>();
/** The code of the latest mail of this kind (sign-up sends a verification mail of its own). */
async function latestCode(email: string, kind: "passwordReset" | "verifyEmail"): Promise<string> {
  const pattern =
    kind === "passwordReset" ? /passwordReset#code=([\w%-]+)/ : /#mode=verifyEmail&code=([\w%-]+)/;
  // The mail this step asked for: one more of its kind than this test has read so far.
  const key = `${email} ${kind}`;
  const seen = mailsRead.get(key) ?? 0;
  const ofKind = async () =>
    (
      await database.db
        .select()
        .from(schema.mailOutbox)
        .where(eq(schema.mailOutbox.to, email))
        .orderBy(schema.mailOutbox.id)
    ).filter((mail) => pattern.test(mail.text));
  const mails = await eventually(ofKind, (rows) => rows.length > seen);
  mailsRead.set(key, mails.length);
  const text = mails.at(-1)?.text ?? "";
  const code = pattern.exec(text)?.[1];
  if (!code) throw new Error(`no ${kind} link in: ${text}`);
  return decodeURIComponent(code);
}

describe("impersonation", () => {
  it("is refused unless ALLOW_IMPERSONATION is on, and each use is logged", async () => {
    const { createImpersonationToken } = await import("../commands/create-impersonation-token.ts");
    const { email } = await signUp();
    const token = await createImpersonationToken({
      db: database.db,
      email,
      operator: "ops@lumen.dev",
    });
    const refused = await get("/v1/me", { token });
    expect(refused.status).toBe(401);

    const allowing = createApp({ database, env: env({ ALLOW_IMPERSONATION: "true" }), logger });
    const allowed = await call(allowing, "GET", "/v1/me", { token });
    expect(allowed.status).toBe(200);
    expect(allowed.body.email).toBe(email);
    expect(
      logged.some((l) => l.includes("impersonation token used") && l.includes("ops@lumen.dev")),
    ).toBe(true);
  });
});

describe("the reset mail over SMTP", () => {
  it("arrives at an SMTP server, and its link sets a new password that signs in", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => {
          raw += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const mailing = createApp({
      database,
      env: env({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        PUBLIC_URL: "https://lumen.example",
        MAIL_FROM: "Lumen <hi@lumen.example>",
      }),
      logger,
    });
    try {
      const { email, refreshToken } = await signUp();
      const asked = await call(mailing, "POST", "/v1/auth/password-reset", { body: { email } });
      expect(asked.status).toBe(204);
      await eventually(
        async () => received.length,
        (n) => n > 0,
      );
      expect(received).toHaveLength(1);
      const message = decodeQuotedPrintable(received[0] ?? "");
      expect(message).toContain(`To: ${email}`);
      expect(message).toContain("Subject: Reset your Lumen password");
      const link = /https:\/\/lumen\.example\/web\/passwordReset#code=([\w%-]+)/.exec(message);
      expect(link).not.toBeNull();
      const code = decodeURIComponent(link?.[1] ?? "");
      // The reset went by SMTP, not to the outbox (which has only sign-up's verification mail).
      const outbox = await database.db
        .select()
        .from(schema.mailOutbox)
        .where(eq(schema.mailOutbox.to, email));
      expect(outbox.filter((m) => m.subject.startsWith("Reset"))).toHaveLength(0);

      const confirm = await call(mailing, "POST", "/v1/auth/password-reset/confirm", {
        body: { code, newPassword: "brand-new-pw" },
      });
      expect(confirm.status).toBe(204);
      expect(
        (await post("/v1/auth/signin", { body: { email, password: "secret-123" } })).body.code,
      ).toBe("auth/wrong-password");
      expect(
        (await post("/v1/auth/signin", { body: { email, password: "brand-new-pw" } })).status,
      ).toBe(200);
      // The reset ended the sessions that existed before it.
      expect((await post("/v1/auth/token", { body: { refreshToken } })).status).toBe(401);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe("protected pages", () => {
  it("redirect to login with the current URL unless the session cookie is good", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dist = mkdtempSync(path.join(tmpdir(), "lumen-web-"));
    writeFileSync(
      path.join(dist, "index.html"),
      "<!doctype html><title>%PRODUCT_NAME%</title><!--lumen:config-->",
    );
    const site = createApp({ database, env: env(), logger, webDistDir: dist });

    const anonymous = await site.request("/web/build/7?backlink=%2Fweb%2Fbuild");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(
      `/web/login?redirectUrl=${encodeURIComponent("/web/build/7?backlink=%2Fweb%2Fbuild")}`,
    );
    expect((await site.request("/web/library")).status).toBe(200);

    const { idToken, email } = await signUp();
    const login = await call(site, "POST", "/api/login", {
      token: idToken,
      headers: { origin: "http://localhost" },
    });
    const cookie = login.res.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect((await site.request("/web/streak", { headers: { cookie } })).status).toBe(200);
    const tampered = cookie.replace(/\.(\d+)\./, ".9.");
    expect((await site.request("/web/streak", { headers: { cookie: tampered } })).status).toBe(302);

    await disableUser({ db: database.db, email });
    expect((await site.request("/web/streak", { headers: { cookie } })).status).toBe(302);
  });
});
