/**
 * /v1/community (issue 17) in-process against a real database: help threads from a lesson, lists
 * and filters, similar threads, replies with mention mails (respecting the preference, never to
 * the writer, one a person a reply), solved by the author only, the showcase with likes, hidden
 * content, bans (403 posting_banned) and the hourly limit (429 with Retry-After).
 */

import { randomBytes } from "node:crypto";
import { eq, schema } from "@lumen/db";
import { describe, expect, it } from "vitest";
import type { TestAccount } from "../testing/api-client.ts";
import { HELLO_LESSON, HELLO_TRACK } from "../testing/fixtures.ts";
import { mailsTo } from "../testing/outbox.ts";
import { useTestApp } from "../testing/test-app.ts";

/** Mention mails only: sign-up also mails a verification link. */
const mentionMails = async (email: string) =>
  (await mailsTo(t.database.db, email)).filter((m) => m.subject.includes("mentioned you"));

const t = useTestApp({ tracks: [HELLO_TRACK] });
const api = t.api;

const PLACE = { trackId: 2, tutorialId: 201, chapterId: 20101, lessonId: HELLO_LESSON.id };

function helpBody(title = "My loop never logs Hello") {
  return {
    kind: "help",
    title,
    body: "I tried `console.log`.",
    ...PLACE,
    files: [{ path: "index.js", content: "console.log('hello')" }],
    failingCheck: "Log exactly Hello.",
  };
}

async function ask(who: TestAccount, body: unknown = helpBody()) {
  const answer = await api.post("/v1/community/posts", { token: who.token, body });
  expect(answer.status, answer.text).toBe(201);
  return (answer.body.post as { id: string }).id;
}

async function shareOf(userId: string): Promise<string> {
  const code = randomBytes(9)
    .toString("base64")
    .replace(/[^0-9A-Za-z]/g, "a")
    .slice(0, 12);
  await t.database.db.insert(schema.shares).values({
    code,
    userId,
    kind: "project",
    title: "Snake",
    runtime: "python",
    entry: "main.py",
    files: [{ path: "main.py", content: "print('hi')" }],
  });
  return code;
}

describe("help threads", () => {
  it("starts a thread from a lesson, with the catalog's lesson title", async () => {
    const ada = await api.signUp({ displayName: "Ada" });
    const answer = await api.post("/v1/community/posts", { token: ada.token, body: helpBody() });
    expect(answer.status).toBe(201);
    expect(answer.body.post).toMatchObject({
      kind: "help",
      lessonId: HELLO_LESSON.id,
      lessonTitle: "Log",
      authorName: "Ada",
      failingCheck: "Log exactly Hello.",
      files: [{ path: "index.js", content: "console.log('hello')" }],
      mine: true,
      solved: false,
    });
    const missing = await api.post("/v1/community/posts", {
      token: ada.token,
      body: { ...helpBody(), lessonId: 999 },
    });
    expect(missing.status).toBe(404);
    const signedOut = await api.post("/v1/community/posts", { body: helpBody() });
    expect(signedOut.status).toBe(401);
  });

  it("lists by lesson and unanswered, and finds similar threads", async () => {
    const ada = await api.signUp({ displayName: "Ada" });
    const bob = await api.signUp({ displayName: "Bob" });
    const id = await ask(ada, helpBody("Zebra puzzle output wrong"));
    const byLesson = await api.get(`/v1/community/posts?kind=help&lessonId=${PLACE.lessonId}`);
    expect((byLesson.body.posts as { id: string }[]).map((p) => p.id)).toContain(id);
    const none = await api.get("/v1/community/posts?kind=help&lessonId=7");
    expect(none.body.posts).toEqual([]);
    const similarByWords = await api.get("/v1/community/similar?title=zebra%20help");
    expect((similarByWords.body.posts as { id: string }[])[0]?.id).toBe(id);
    const similarByLesson = await api.get(`/v1/community/similar?lessonId=${PLACE.lessonId}`);
    expect((similarByLesson.body.posts as { id: string }[]).map((p) => p.id)).toContain(id);

    await api.post(`/v1/community/posts/${id}/comments`, {
      token: bob.token,
      body: { body: "Hi" },
    });
    const unanswered = await api.get("/v1/community/posts?kind=help&unanswered=1");
    expect((unanswered.body.posts as { id: string }[]).map((p) => p.id)).not.toContain(id);
    const thread = await api.get(`/v1/community/posts/${id}`);
    expect(thread.body.post).toMatchObject({ commentCount: 1 });
    expect(thread.body.comments).toEqual([
      expect.objectContaining({ authorName: "Bob", body: "Hi", hidden: false, mine: false }),
    ]);
  });

  it("pages a long list: every thread once, newest activity first, the last page says so", async () => {
    const ada = await api.signUp({ displayName: "Ada" });
    const lessonId = 990_001;
    const start = Date.parse("2026-01-01T00:00:00Z");
    const made = await t.database.db
      .insert(schema.communityPosts)
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          kind: "help",
          authorId: ada.userId,
          title: `Thread ${i}`,
          body: "Help",
          lessonId,
          lastActivityAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: schema.communityPosts.id, title: schema.communityPosts.title });
    const seen: string[] = [];
    const offsets: Array<number | null> = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await api.get(
        `/v1/community/posts?kind=help&lessonId=${lessonId}&offset=${offset}`,
      );
      expect(page.status, page.text).toBe(200);
      const posts = page.body.posts as { id: string; title: string }[];
      seen.push(...posts.map((p) => p.title));
      offset = page.body.nextOffset as number | null;
      offsets.push(offset);
    }
    expect(offsets).toEqual([20, 40, null]);
    expect(seen).toEqual(made.map((p) => p.title).reverse());
    for (const bad of ["-1", "10001", "1.5", "abc"]) {
      const refused = await api.get(`/v1/community/posts?kind=help&offset=${bad}`);
      expect(refused.status, bad).toBe(400);
    }
  });

  it("lets only the author mark a thread solved", async () => {
    const ada = await api.signUp();
    const bob = await api.signUp();
    const id = await ask(ada);
    const other = await api.put(`/v1/community/posts/${id}/solved`, {
      token: bob.token,
      body: { solved: true },
    });
    expect(other.status).toBe(403);
    const mine = await api.put(`/v1/community/posts/${id}/solved`, {
      token: ada.token,
      body: { solved: true },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.post).toMatchObject({ solved: true });
  });
});

describe("mentions", () => {
  it("mails a mentioned participant once, never the writer, not when turned off", async () => {
    const ada = await api.signUp({ displayName: "Ada Lovelace" });
    const bob = await api.signUp({ displayName: "Bob" });
    const id = await ask(ada);
    const reply = await api.post(`/v1/community/posts/${id}/comments`, {
      token: bob.token,
      body: { body: "@Ada Lovelace try this. Again, @ada lovelace! And me: @Bob" },
    });
    expect(reply.status).toBe(201);
    const mails = await mentionMails(ada.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Bob mentioned you");
    expect(mails[0]?.text).toContain(`/web/community/${id}`);
    expect(await mentionMails(bob.email)).toHaveLength(0);

    await t.database.db
      .insert(schema.emailPreferences)
      .values({ userId: ada.userId, mentions: false });
    await api.post(`/v1/community/posts/${id}/comments`, {
      token: bob.token,
      body: { body: "@Ada Lovelace once more" },
    });
    expect(await mentionMails(ada.email)).toHaveLength(1);
  });

  it("does not mail people outside the thread", async () => {
    const ada = await api.signUp({ displayName: "Ada" });
    const carol = await api.signUp({ displayName: "Carol Outsider" });
    const id = await ask(ada);
    await api.post(`/v1/community/posts/${id}/comments`, {
      token: ada.token,
      body: { body: "@Carol Outsider can you help?" },
    });
    expect(await mentionMails(carol.email)).toHaveLength(0);
  });
});

describe("showcase", () => {
  it("publishes only the learner's own live share, lists it, likes it once", async () => {
    const ada = await api.signUp({ displayName: "Ada" });
    const bob = await api.signUp();
    const code = await shareOf(ada.userId);
    const body = { kind: "showcase", title: "My snake game", body: "Arrow keys!", shareCode: code };
    const stolen = await api.post("/v1/community/posts", { token: bob.token, body });
    expect(stolen.status).toBe(404);
    const id = await ask(ada, body);
    for (let i = 0; i < 2; i++) {
      const liked = await api.put(`/v1/community/posts/${id}/like`, { token: bob.token });
      expect(liked.body).toEqual({ liked: true, likeCount: 1 });
    }
    const list = await api.get("/v1/community/posts?kind=showcase&sort=likes", {
      token: bob.token,
    });
    const entry = (list.body.posts as { id: string }[]).find((p) => p.id === id);
    expect(entry).toMatchObject({ likeCount: 1, likedByMe: true, shareCode: code });
    const unliked = await api.call("DELETE", `/v1/community/posts/${id}/like`, {
      token: bob.token,
    });
    expect(unliked.body).toEqual({ liked: false, likeCount: 0 });

    await t.database.db
      .update(schema.shares)
      .set({ revokedAt: new Date() })
      .where(eq(schema.shares.code, code));
    const after = await api.get("/v1/community/posts?kind=showcase");
    expect((after.body.posts as { id: string }[]).map((p) => p.id)).not.toContain(id);
  });
});

describe("moderation's effects", () => {
  it("keeps hidden posts and comments from everybody but their author", async () => {
    const ada = await api.signUp();
    const bob = await api.signUp();
    const id = await ask(ada, helpBody("Hidden thread title"));
    const reply = await api.post(`/v1/community/posts/${id}/comments`, {
      token: bob.token,
      body: { body: "spam reply" },
    });
    const commentId = Number((reply.body.comment as { id: string }).id);
    await t.database.db
      .update(schema.communityComments)
      .set({ hiddenAt: new Date() })
      .where(eq(schema.communityComments.id, commentId));
    const seenByAda = await api.get(`/v1/community/posts/${id}`, { token: ada.token });
    expect(seenByAda.body.comments).toEqual([]);
    const seenByBob = await api.get(`/v1/community/posts/${id}`, { token: bob.token });
    expect(seenByBob.body.comments).toEqual([
      expect.objectContaining({ hidden: true, mine: true }),
    ]);

    await t.database.db
      .update(schema.communityPosts)
      .set({ hiddenAt: new Date() })
      .where(eq(schema.communityPosts.id, id));
    expect((await api.get(`/v1/community/posts/${id}`)).status).toBe(410);
    const author = await api.get(`/v1/community/posts/${id}`, { token: ada.token });
    expect(author.body.post).toMatchObject({ hidden: true });
    const list = await api.get("/v1/community/posts?kind=help", { token: bob.token });
    expect((list.body.posts as { id: string }[]).map((p) => p.id)).not.toContain(id);
    const own = await api.get("/v1/community/posts?kind=help", { token: ada.token });
    expect(
      (own.body.posts as { id: string; hidden: boolean }[]).find((p) => p.id === id),
    ).toMatchObject({ hidden: true });
  });

  it("refuses a banned learner's posts and replies with 403 posting_banned", async () => {
    const ada = await api.signUp();
    const bob = await api.signUp();
    const id = await ask(ada);
    await t.database.db.insert(schema.communityBans).values({ userId: bob.userId, reason: "spam" });
    const post = await api.post("/v1/community/posts", { token: bob.token, body: helpBody() });
    expect(post.status).toBe(403);
    expect(post.body.code).toBe("posting_banned");
    const reply = await api.post(`/v1/community/posts/${id}/comments`, {
      token: bob.token,
      body: { body: "hi" },
    });
    expect(reply.body.code).toBe("posting_banned");
  });

  it("limits posting to ten threads an hour, with Retry-After", async () => {
    const ada = await api.signUp();
    for (let i = 0; i < 10; i++) await ask(ada, helpBody(`Question number ${i}`));
    const eleventh = await api.post("/v1/community/posts", { token: ada.token, body: helpBody() });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe("rate_limited");
    expect(Number(eleventh.res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses oversized and malformed input with 400", async () => {
    const ada = await api.signUp();
    const long = await api.post("/v1/community/posts", {
      token: ada.token,
      body: { ...helpBody(), title: "x".repeat(151) },
    });
    expect(long.status).toBe(400);
    const badId = await api.get("/v1/community/posts/not-a-uuid");
    expect(badId.status).toBe(400);
    const bigLesson = await api.get("/v1/community/posts?lessonId=99999999999");
    expect(bigLesson.status).toBe(400);
  });
});
