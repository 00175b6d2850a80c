/**
 * Email verification (issue 13, item 10) in-process against a real database: the mail sent at
 * sign-up, asking again (at once, then not within the minute: 429 with Retry-After and a plain
 * sentence), the link's code confirming the address once, and expired or used codes refused.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { RESEND_TOO_SOON } from "../commands/request-email-verification.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "../testing/api-client.ts";
import { mailedCodes, mailsTo } from "../testing/outbox.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({
  NODE_ENV: "test",
  TRUST_PROXY: "true",
  LOG_LEVEL: "silent",
  PUBLIC_URL: "https://lumen.example",
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }) });
});
afterAll(async () => {
  await database.close();
});

describe("the verification mail at sign-up", () => {
  it("goes to the new address with a link to the verify page, and says what it unlocks", async () => {
    const { email } = await api.signUp();
    const [code] = await mailedCodes(database.db, email, "verifyEmail");
    expect(code).toEqual(expect.any(String));
    const [mail] = await mailsTo(database.db, email);
    expect(mail?.subject).toBe("Confirm your email for Lumen");
    expect(mail?.text).toContain("https://lumen.example/web/verify-email#mode=verifyEmail&code=");
    expect(mail?.text).toContain("profile photo");
  });

  it("confirms the address once: the code then counts as used", async () => {
    const { email, token } = await api.signUp();
    const [code] = await mailedCodes(database.db, email, "verifyEmail");
    const confirmed = await api.post("/v1/auth/verify-email/confirm", { body: { code } });
    expect(confirmed.status).toBe(204);
    expect((await api.get("/v1/me", { token })).body.emailVerified).toBe(true);
    const again = await api.post("/v1/auth/verify-email/confirm", { body: { code } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("auth/invalid-action-code");
    // Verified: asking again sends nothing.
    const resend = await api.post("/v1/auth/verify-email", { token });
    expect(resend.status).toBe(202);
    expect(resend.body).toEqual({ sent: false });
  });

  it("refuses an expired code with its own code", async () => {
    const { email, userId } = await api.signUp();
    const [code] = await mailedCodes(database.db, email, "verifyEmail");
    await database.db
      .update(schema.actionCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.actionCodes.userId, userId));
    const expired = await api.post("/v1/auth/verify-email/confirm", { body: { code } });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      code: "auth/expired-action-code",
      message: "This link has expired. Ask for a new one.",
    });
  });
});

describe("asking for the mail again", () => {
  it("sends at once after sign-up, then not again within the minute: 429 with Retry-After", async () => {
    const { email, token } = await api.signUp();
    await mailedCodes(database.db, email, "verifyEmail");
    const first = await api.post("/v1/auth/verify-email", { token });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ sent: true });
    const codes = await mailedCodes(database.db, email, "verifyEmail", 2);
    expect(codes).toHaveLength(2);

    const second = await api.post("/v1/auth/verify-email", { token });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ code: "auth/too-many-requests", message: RESEND_TOO_SOON });
    const retryAfter = Number(second.res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailsTo(database.db, email)).toHaveLength(2);

    // Either link confirms the address.
    const confirmed = await api.post("/v1/auth/verify-email/confirm", { body: { code: codes[0] } });
    expect(confirmed.status).toBe(204);
  });

  it("allows five mails an hour: the sixth request is refused however long the learner waited", async () => {
    const { token, userId } = await api.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // As if a minute had passed since the last one: end the one-a-minute window.
      await database.db
        .delete(schema.rateLimitBuckets)
        .where(eq(schema.rateLimitBuckets.key, `verifyEmailResend:${userId}`));
      statuses.push((await api.post("/v1/auth/verify-email", { token })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("needs a signed-in user", async () => {
    expect((await api.post("/v1/auth/verify-email")).status).toBe(401);
  });
});
