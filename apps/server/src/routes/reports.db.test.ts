/**
 * POST /v1/reports (issue 17) in-process against a real database: a learner reports a share, a
 * post or a comment once (a second report answers the first while it is open), a missing target
 * or one of the wrong shape is a 404, signed-out callers get 401, and the 21st report in an hour
 * is refused with 429.
 */
import { eq, schema } from "@lumen/db";
import { describe, expect, it } from "vitest";
import { insertComment, insertPost, insertShare } from "../testing/moderation-fixtures.ts";
import { useTestApp } from "../testing/test-app.ts";

const t = useTestApp();
const api = t.api;

const report = (token: string | undefined, body: unknown) =>
  api.post("/v1/reports", { token, body });

describe("POST /v1/reports", () => {
  it("stores one open report per reporter and target", async () => {
    const author = await api.signUp();
    const reporter = await api.signUp();
    const code = await insertShare(t.database.db, author.userId);
    const first = await report(reporter.token, {
      targetKind: "share",
      targetId: code,
      reason: "spam",
      details: "  buy my course  ",
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), alreadyReported: false });
    const again = await report(reporter.token, {
      targetKind: "share",
      targetId: code,
      reason: "abuse",
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: first.body.id, alreadyReported: true });
    const rows = await t.database.db
      .select()
      .from(schema.contentReports)
      .where(eq(schema.contentReports.targetId, code));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterId: reporter.userId,
      targetKind: "share",
      reason: "spam: buy my course",
      resolvedAt: null,
    });
  });

  it("reports posts and comments by their ids", async () => {
    const author = await api.signUp();
    const reporter = await api.signUp();
    const postId = await insertPost(t.database.db, author.userId);
    const commentId = await insertComment(t.database.db, author.userId, postId);
    const post = await report(reporter.token, {
      targetKind: "post",
      targetId: postId,
      reason: "harmful_code",
    });
    expect(post.status).toBe(201);
    const comment = await report(reporter.token, {
      targetKind: "comment",
      targetId: commentId,
      reason: "other",
    });
    expect(comment.status).toBe(201);
  });

  it("answers 404 for a target that does not exist, whatever its id", async () => {
    const { token } = await api.signUp();
    for (const [targetKind, targetId] of [
      ["share", "nope-nope"],
      ["post", "00000000-0000-4000-8000-000000000000"],
      ["post", "not-a-uuid"],
      ["comment", "999999999"],
      ["comment", "12abc"],
    ]) {
      const answer = await report(token, { targetKind, targetId, reason: "spam" });
      expect([targetKind, targetId, answer.status, answer.body.code]).toEqual([
        targetKind,
        targetId,
        404,
        "not_found",
      ]);
    }
  });

  it("refuses bad bodies with 400 and signed-out callers with 401", async () => {
    const { token } = await api.signUp();
    const bad = [
      {},
      { targetKind: "user", targetId: "x", reason: "spam" },
      { targetKind: "share", targetId: "x", reason: "boring" },
      { targetKind: "share", targetId: "a/b", reason: "spam" },
      { targetKind: "share", targetId: "x", reason: "other", details: "x".repeat(501) },
    ];
    for (const body of bad) expect((await report(token, body)).status).toBe(400);
    expect(
      (await report(undefined, { targetKind: "share", targetId: "x", reason: "spam" })).status,
    ).toBe(401);
  });

  it("limits a learner to 20 reports an hour", async () => {
    const author = await api.signUp();
    const reporter = await api.signUp();
    const codes = await Promise.all(
      Array.from({ length: 21 }, (_, i) => insertShare(t.database.db, author.userId, `share ${i}`)),
    );
    const statuses: number[] = [];
    for (const code of codes) {
      statuses.push(
        (await report(reporter.token, { targetKind: "share", targetId: code, reason: "spam" }))
          .status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    const last = await report(reporter.token, {
      targetKind: "share",
      targetId: codes[0],
      reason: "spam",
    });
    expect(last.status).toBe(429);
    expect(last.body.code).toBe("rate_limited");
    expect(Number(last.res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
