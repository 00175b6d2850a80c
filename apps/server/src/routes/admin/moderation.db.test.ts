/**
 * The console's moderation API (issue 17) in-process against a real database: the queue groups
 * open reports by target with their reporters and a preview, hiding resolves the reports and
 * sets hiddenAt (restore clears it), dismissing resolves them as dismissed, a ban stops posting
 * (assertMayPost) until lifted or over, and every action is in the audit log. Non-admins are
 * refused by access.db.test.ts for every route here.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { grantRole } from "../../commands/grant-role.ts";
import { assertMayPost } from "../../commands/moderation/assert-may-post.ts";
import { parseEnv } from "../../env.ts";
import { type TestAccount, testClient } from "../../testing/api-client.ts";
import { insertComment, insertPost, insertShare } from "../../testing/moderation-fixtures.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
let admin: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }) });
  const account = await api.signUp();
  await grantRole({ db: database.db, email: account.email, role: "admin" });
  admin = await api.signIn(account.email);
});
afterAll(async () => {
  await database.close();
});

interface Item {
  targetKind: string;
  targetId: string;
  preview: { title: string; url: string | null; hiddenAt: string | null; author: { id: string } };
  reports: Array<{ reason: string; details: string | null; reporter: { email: string } }>;
  openCount: number;
}

const queue = async () => {
  const answer = await api.get("/v1/admin/moderation", { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body as { open: Item[]; hidden: Item[]; bans: Array<Record<string, unknown>> };
};

const act = (action: string, body: unknown) =>
  api.post(`/v1/admin/moderation/${action}`, { token: admin.token, body });

const auditOf = async (action: string) =>
  database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action));

describe("the moderation queue", () => {
  it("groups open reports by target, most reported first, with a preview", async () => {
    const author = await api.signUp({ displayName: "Author" });
    const [r1, r2] = [await api.signUp(), await api.signUp()];
    const postId = await insertPost(database.db, author.userId, "Spammy post");
    const commentId = await insertComment(database.db, author.userId, postId);
    for (const r of [r1, r2]) {
      await api.post("/v1/reports", {
        token: r.token,
        body: { targetKind: "post", targetId: postId, reason: "spam", details: "ads" },
      });
    }
    await api.post("/v1/reports", {
      token: r1.token,
      body: { targetKind: "comment", targetId: commentId, reason: "abuse" },
    });
    const { open } = await queue();
    const post = open.find((i) => i.targetId === postId);
    const comment = open.find((i) => i.targetId === commentId);
    expect(post).toMatchObject({
      targetKind: "post",
      openCount: 2,
      preview: { title: "Spammy post", url: `/web/community/${postId}`, hiddenAt: null },
    });
    expect(post?.preview.author.id).toBe(author.userId);
    expect(post?.reports.map((r) => [r.reporter.email, r.reason, r.details])).toEqual([
      [r1.email, "spam", "ads"],
      [r2.email, "spam", "ads"],
    ]);
    expect(comment?.preview.title).toBe("Comment on “Spammy post”");
    expect(open.indexOf(post as Item)).toBeLessThan(open.indexOf(comment as Item));
  });
});

describe("hide, restore and dismiss", () => {
  it("hides a share: its reports leave the queue, it shows under hidden, and the audit says so", async () => {
    const author = await api.signUp();
    const reporter = await api.signUp();
    const code = await insertShare(database.db, author.userId, "Bad share");
    await api.post("/v1/reports", {
      token: reporter.token,
      body: { targetKind: "share", targetId: code, reason: "harmful_code" },
    });
    const hide = await act("hide", { targetKind: "share", targetId: code, note: "malware" });
    expect(hide.status).toBe(200);
    expect(hide.body).toEqual({ changed: true });
    const [row] = await database.db
      .select()
      .from(schema.shares)
      .where(eq(schema.shares.code, code));
    expect(row?.hiddenAt).toBeInstanceOf(Date);
    const after = await queue();
    expect(after.open.find((i) => i.targetId === code)).toBeUndefined();
    expect(after.hidden.find((i) => i.targetId === code)?.preview.hiddenAt).toEqual(
      expect.any(String),
    );
    const [report] = await database.db
      .select()
      .from(schema.contentReports)
      .where(eq(schema.contentReports.targetId, code));
    expect(report).toMatchObject({ resolution: "hidden", resolvedBy: admin.userId });
    const audit = (await auditOf("moderation.hide")).find((e) => e.detail.targetId === code);
    expect(audit).toMatchObject({
      actorId: admin.userId,
      targetUserId: author.userId,
      detail: { targetKind: "share", title: "Bad share", reportsResolved: 1, note: "malware" },
    });
    // Hiding again changes nothing and writes nothing.
    expect((await act("hide", { targetKind: "share", targetId: code })).body).toEqual({
      changed: false,
    });
    expect(
      (await auditOf("moderation.hide")).filter((e) => e.detail.targetId === code),
    ).toHaveLength(1);

    const restore = await act("restore", { targetKind: "share", targetId: code });
    expect(restore.body).toEqual({ changed: true });
    const [restored] = await database.db
      .select()
      .from(schema.shares)
      .where(eq(schema.shares.code, code));
    expect(restored?.hiddenAt).toBeNull();
    expect((await auditOf("moderation.restore")).some((e) => e.detail.targetId === code)).toBe(
      true,
    );
    expect((await queue()).hidden.find((i) => i.targetId === code)).toBeUndefined();
  });

  it("hides and restores posts and comments", async () => {
    const author = await api.signUp();
    const postId = await insertPost(database.db, author.userId);
    const commentId = await insertComment(database.db, author.userId, postId);
    expect((await act("hide", { targetKind: "post", targetId: postId })).status).toBe(200);
    expect((await act("hide", { targetKind: "comment", targetId: commentId })).status).toBe(200);
    const [post] = await database.db
      .select()
      .from(schema.communityPosts)
      .where(eq(schema.communityPosts.id, postId));
    const [comment] = await database.db
      .select()
      .from(schema.communityComments)
      .where(eq(schema.communityComments.id, Number(commentId)));
    expect(post?.hiddenAt).toBeInstanceOf(Date);
    expect(comment?.hiddenAt).toBeInstanceOf(Date);
    expect((await act("restore", { targetKind: "comment", targetId: commentId })).body).toEqual({
      changed: true,
    });
  });

  it("dismisses a target's open reports and keeps the content", async () => {
    const author = await api.signUp();
    const reporter = await api.signUp();
    const postId = await insertPost(database.db, author.userId);
    await api.post("/v1/reports", {
      token: reporter.token,
      body: { targetKind: "post", targetId: postId, reason: "other", details: "meh" },
    });
    const dismiss = await act("dismiss", { targetKind: "post", targetId: postId });
    expect(dismiss.body).toEqual({ dismissed: 1 });
    expect((await queue()).open.find((i) => i.targetId === postId)).toBeUndefined();
    const [post] = await database.db
      .select()
      .from(schema.communityPosts)
      .where(eq(schema.communityPosts.id, postId));
    expect(post?.hiddenAt).toBeNull();
    expect(
      (await auditOf("moderation.dismiss")).find((e) => e.detail.targetId === postId),
    ).toMatchObject({
      targetUserId: author.userId,
      detail: { reportsDismissed: 1 },
    });
    // Nothing open any more: 404. The reporter may report it again.
    expect((await act("dismiss", { targetKind: "post", targetId: postId })).status).toBe(404);
    const again = await api.post("/v1/reports", {
      token: reporter.token,
      body: { targetKind: "post", targetId: postId, reason: "spam" },
    });
    expect(again.status).toBe(201);
  });

  it("answers 404 for content that does not exist and 400 for bad bodies", async () => {
    expect((await act("hide", { targetKind: "share", targetId: "missing" })).status).toBe(404);
    expect((await act("restore", { targetKind: "post", targetId: "not-a-uuid" })).status).toBe(404);
    expect((await act("hide", { targetKind: "user", targetId: "x" })).status).toBe(400);
    expect((await act("hide", {})).status).toBe(400);
  });
});

describe("bans from posting", () => {
  it("bans a learner until lifted, with the audit of both", async () => {
    const learner = await api.signUp();
    const ban = await api.post("/v1/admin/moderation/bans", {
      token: admin.token,
      body: { userId: learner.userId, reason: "Spam links" },
    });
    expect(ban.status).toBe(204);
    await expect(assertMayPost(database.db, learner.userId)).rejects.toMatchObject({
      code: "posting_banned",
    });
    const { bans } = await queue();
    expect(bans.find((b) => (b.user as { id: string }).id === learner.userId)).toMatchObject({
      reason: "Spam links",
      until: null,
      bannedBy: admin.email,
    });
    expect(
      (await auditOf("moderation.ban")).find((e) => e.targetUserId === learner.userId),
    ).toMatchObject({
      actorId: admin.userId,
      detail: { reason: "Spam links", until: null },
    });
    const lift = await api.call("DELETE", `/v1/admin/moderation/bans/${learner.userId}`, {
      token: admin.token,
    });
    expect(lift.status).toBe(204);
    await expect(assertMayPost(database.db, learner.userId)).resolves.toBeUndefined();
    expect((await auditOf("moderation.unban")).some((e) => e.targetUserId === learner.userId)).toBe(
      true,
    );
    const again = await api.call("DELETE", `/v1/admin/moderation/bans/${learner.userId}`, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
  });

  it("ends a ban with an end date at that moment", async () => {
    const learner = await api.signUp();
    const until = new Date(Date.now() + 24 * 3600_000);
    await api.post("/v1/admin/moderation/bans", {
      token: admin.token,
      body: { userId: learner.userId, reason: "Cool down", until: until.toISOString() },
    });
    await expect(assertMayPost(database.db, learner.userId)).rejects.toMatchObject({
      code: "posting_banned",
    });
    await expect(
      assertMayPost(database.db, learner.userId, new Date(until.getTime() + 1000)),
    ).resolves.toBeUndefined();
  });

  it("refuses a ban of oneself, of nobody, in the past or without a reason", async () => {
    const learner = await api.signUp();
    const post = (body: unknown) =>
      api.post("/v1/admin/moderation/bans", { token: admin.token, body });
    expect((await post({ userId: admin.userId, reason: "x" })).status).toBe(409);
    expect(
      (await post({ userId: "00000000-0000-4000-8000-000000000000", reason: "x" })).status,
    ).toBe(404);
    expect(
      (await post({ userId: learner.userId, reason: "x", until: "2000-01-01T00:00:00Z" })).status,
    ).toBe(400);
    expect((await post({ userId: learner.userId, reason: "  " })).status).toBe(400);
    expect((await post({ userId: "nope", reason: "x" })).status).toBe(400);
  });
});
