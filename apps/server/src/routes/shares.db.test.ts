/**
 * The shares API of issue 17 in-process against a real database and published content: sharing a
 * project and a lesson solution, reading by code (never the author's email), the view counter,
 * unsharing and hiding (410 with the sentence the page shows), duplicating into one's projects
 * within the project limits, and the preview image.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Lesson, Track } from "@lumen/contracts";
import { SHARE_CODE_PATTERN, SHARE_GONE_MESSAGES } from "@lumen/contracts";
import { FREE_SECTIONS_PER_TRACK, PROJECT_LIMITS } from "@lumen/core";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { type PublishedSet, publishContent } from "../catalog/publish-content.ts";
import { parseEnv } from "../env.ts";
import { shareMetaTags } from "../http/share-meta.ts";
import { type TestAccount, testClient } from "../testing/api-client.ts";

const logger = pino({ level: "silent" });
const source = path.resolve(import.meta.dirname, "../../../../content");

let contentDir: string;
let database: Database;
let published: PublishedSet;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), "lumen-shares-"));
  cpSync(path.join(source, "tracks/python"), path.join(contentDir, "tracks/python"), {
    recursive: true,
  });
  database = await createTestDatabase();
  const set = await publishContent({ db: database.db, contentDir, logger });
  if (!set) throw new Error("the test content did not publish");
  published = set;
  app = createApp({
    database,
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "true" }),
    logger,
    catalog: new CatalogStore(database.db, set),
  });
});
afterAll(async () => {
  await database.close();
  rmSync(contentDir, { recursive: true, force: true });
});

/** The first code lesson with an editable file in a free (or else a locked) tutorial. */
function codeLessonWhere(free: boolean) {
  for (const track of published.catalog.tracks as Track[]) {
    for (const [position, section] of track.sections.entries()) {
      if (free !== position < FREE_SECTIONS_PER_TRACK) continue;
      for (const tutorial of track.tutorials.filter((t) => section.tutorialIds.includes(t.id))) {
        for (const chapter of tutorial.chapters) {
          const lesson = chapter.lessons.find(
            (l: Lesson) =>
              l.type === "code" && l.executableContent.files.some((f) => !f.readonly && !f.hidden),
          );
          if (lesson) {
            const file = lesson.executableContent.files.find((f) => !f.readonly && !f.hidden);
            const place = { trackId: track.id, tutorialId: tutorial.id, chapterId: chapter.id };
            return { lesson, file: file?.name ?? "", place };
          }
        }
      }
    }
  }
  throw new Error("no such lesson in the content");
}

async function newProject(userId: string, name = "My game") {
  const [project] = await database.db
    .insert(schema.projects)
    .values({ userId, name, template: "python", entry: "main.py" })
    .returning();
  if (!project) throw new Error("no project");
  await database.db.insert(schema.projectFiles).values([
    { projectId: project.id, path: "main.py", content: "print('hello from the game')\n" },
    { projectId: project.id, path: "lib/score.py", content: "SCORE = 1\n" },
  ]);
  return project.id;
}

async function shareProject(learner: TestAccount, projectId: string) {
  const answer = await api.post("/v1/shares", {
    token: learner.token,
    body: { kind: "project", projectId },
  });
  expect(answer.status).toBe(201);
  return (answer.body.share as { code: string }).code;
}

describe("sharing a project", () => {
  it("makes an unguessable code whose page shows the files and the author's name, never the email", async () => {
    const author = await api.signUp({ displayName: "Ada L." });
    const code = await shareProject(author, await newProject(author.userId));
    expect(code).toMatch(SHARE_CODE_PATTERN);
    const read = await api.get(`/v1/shares/${code}`);
    expect(read.status).toBe(200);
    expect(read.res.headers.get("cache-control")).toBe("no-store");
    expect(read.body).toMatchObject({
      code,
      kind: "project",
      title: "My game",
      runtime: "python",
      entry: "main.py",
      authorName: "Ada L.",
      files: [
        { path: "lib/score.py", content: "SCORE = 1\n" },
        { path: "main.py", content: "print('hello from the game')\n" },
      ],
    });
    expect(read.text).not.toContain(author.email);
    expect(read.text).not.toContain(author.userId);
  });

  it("is a snapshot: later edits of the project do not show through the link", async () => {
    const author = await api.signUp();
    const projectId = await newProject(author.userId);
    const code = await shareProject(author, projectId);
    await database.db
      .update(schema.projectFiles)
      .set({ content: "print('changed')" })
      .where(eq(schema.projectFiles.projectId, projectId));
    const read = await api.get(`/v1/shares/${code}`);
    expect(JSON.stringify(read.body)).toContain("hello from the game");
    expect(read.body.authorName).toBe("A learner");
  });

  it("refuses somebody else's project as if it did not exist, and guests", async () => {
    const author = await api.signUp();
    const other = await api.signUp();
    const projectId = await newProject(author.userId);
    const stolen = await api.post("/v1/shares", {
      token: other.token,
      body: { kind: "project", projectId },
    });
    expect(stolen.status).toBe(404);
    const guest = await api.post("/v1/shares", { body: { kind: "project", projectId } });
    expect(guest.status).toBe(401);
  });

  it("counts views of others, not the author's own", async () => {
    const author = await api.signUp();
    const code = await shareProject(author, await newProject(author.userId));
    await api.get(`/v1/shares/${code}`);
    await api.get(`/v1/shares/${code}`);
    const own = await api.get(`/v1/shares/${code}`, { token: author.token });
    expect(own.body.views).toBe(2);
    const mine = await api.get("/v1/shares/mine", { token: author.token });
    expect(mine.body.shares).toEqual([
      expect.objectContaining({ code, views: 2, revokedAt: null, hidden: false }),
    ]);
  });

  it("answers 404 for a code that does not exist and 400 for one that cannot be a code", async () => {
    expect((await api.get("/v1/shares/AAAAAAAAAAAA")).status).toBe(404);
    expect((await api.get("/v1/shares/..%2Fme")).status).toBe(400);
  });
});

describe("unsharing and hiding", () => {
  it("turns the link into a 410 saying the author unshared it; only the author can", async () => {
    const author = await api.signUp();
    const other = await api.signUp();
    const code = await shareProject(author, await newProject(author.userId));
    expect((await api.call("DELETE", `/v1/shares/${code}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await api.get(`/v1/shares/${code}`)).status).toBe(200);
    expect((await api.call("DELETE", `/v1/shares/${code}`, { token: author.token })).status).toBe(
      204,
    );
    const gone = await api.get(`/v1/shares/${code}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({ code: "gone", message: SHARE_GONE_MESSAGES.revoked });
    expect((await api.get(`/v1/shares/${code}/preview.png`)).status).toBe(410);
    expect((await api.post(`/v1/shares/${code}/duplicate`, { token: other.token })).status).toBe(
      410,
    );
    const mine = await api.get("/v1/shares/mine", { token: author.token });
    expect((mine.body.shares as Array<{ revokedAt: string | null }>)[0]?.revokedAt).toBeTruthy();
  });

  it("says a hidden share was hidden by a moderator", async () => {
    const author = await api.signUp();
    const code = await shareProject(author, await newProject(author.userId));
    await database.db
      .update(schema.shares)
      .set({ hiddenAt: new Date() })
      .where(eq(schema.shares.code, code));
    const gone = await api.get(`/v1/shares/${code}`);
    expect(gone.body).toEqual({ code: "gone", message: SHARE_GONE_MESSAGES.hidden });
  });
});

describe("duplicating a share", () => {
  it("creates a project of the viewer's own with the files, naming the code it came from", async () => {
    const author = await api.signUp();
    const viewer = await api.signUp();
    const code = await shareProject(author, await newProject(author.userId, "Snake"));
    expect((await api.post(`/v1/shares/${code}/duplicate`)).status).toBe(401);
    const copy = await api.post(`/v1/shares/${code}/duplicate`, { token: viewer.token });
    expect(copy.status).toBe(201);
    const projectId = copy.body.projectId as string;
    const [project] = await database.db
      .select()
      .from(schema.projects)
      .where(eq(schema.projects.id, projectId));
    expect(project).toMatchObject({
      userId: viewer.userId,
      name: "Snake",
      template: "python",
      entry: "main.py",
      duplicatedFrom: code,
    });
    const files = await database.db
      .select({ path: schema.projectFiles.path })
      .from(schema.projectFiles)
      .where(eq(schema.projectFiles.projectId, projectId));
    expect(files.map((f) => f.path).sort()).toEqual(["lib/score.py", "main.py"]);
  });

  it("respects the limit on projects", async () => {
    const author = await api.signUp();
    const viewer = await api.signUp();
    const code = await shareProject(author, await newProject(author.userId));
    await database.db.insert(schema.projects).values(
      Array.from({ length: PROJECT_LIMITS.projects }, (_, i) => ({
        userId: viewer.userId,
        name: `P${i}`,
        template: "python",
        entry: "main.py",
      })),
    );
    const copy = await api.post(`/v1/shares/${code}/duplicate`, { token: viewer.token });
    expect(copy.status).toBe(409);
    expect(copy.body.code).toBe("limit_reached");
  });
});

describe("sharing a lesson solution", () => {
  it("shares the learner's saved files over the lesson's visible starter files", async () => {
    const { lesson, file, place } = codeLessonWhere(true);
    const learner = await api.signUp();
    const body = { kind: "lesson", ...place, lessonId: lesson.id };
    const empty = await api.post("/v1/shares", { token: learner.token, body });
    expect(empty.status).toBe(409);
    const chapter = `/v1/tracks/${place.trackId}/tutorials/${place.tutorialId}/chapters/${place.chapterId}`;
    const saved = await api.post(
      `${chapter}/lessons/${lesson.id}/savefiles?publishSetVersion=${published.version}`,
      { token: learner.token, body: { files: [{ name: file, userContent: "print('mine')" }] } },
    );
    expect(saved.status).toBe(204);
    const created = await api.post("/v1/shares", { token: learner.token, body });
    expect(created.status).toBe(201);
    const code = (created.body.share as { code: string }).code;
    const read = await api.get(`/v1/shares/${code}`);
    expect(read.body).toMatchObject({ kind: "lesson", title: lesson.title, runtime: "python" });
    const files = read.body.files as Array<{ path: string; content: string }>;
    expect(files.find((f) => f.path === file)?.content).toBe("print('mine')");
    const hidden = lesson.executableContent.files.filter((f) => f.hidden).map((f) => f.name);
    for (const name of hidden) expect(files.map((f) => f.path)).not.toContain(name);
  });

  it("refuses a locked lesson to a learner without a plan", async () => {
    const { lesson, place } = codeLessonWhere(false);
    const learner = await api.signUp();
    const answer = await api.post("/v1/shares", {
      token: learner.token,
      body: { kind: "lesson", ...place, lessonId: lesson.id },
    });
    expect(answer.status).toBe(402);
  });
});

describe("the preview image", () => {
  it("is a 1200x630 PNG", async () => {
    const author = await api.signUp({ displayName: "Grace" });
    const code = await shareProject(author, await newProject(author.userId));
    const res = await app.request(`/v1/shares/${code}/preview.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  }, 30_000);
});

describe("the shared page's link preview tags", () => {
  const meta = (pathname: string) =>
    shareMetaTags({
      db: database.db,
      pathname,
      origin: "https://lumen.example",
      productName: "Lumen",
    });

  it("names the title, author, language and image, escaped, for a live share", async () => {
    const author = await api.signUp({ displayName: 'Bob "<b>"' });
    const code = await shareProject(author, await newProject(author.userId, "Tom & Jerry"));
    const tags = (await meta(`/web/shared/${code}`)) ?? "";
    expect(tags).toContain('<meta property="og:title" content="Tom &amp; Jerry · Lumen">');
    expect(tags).toContain(
      '<meta property="og:description" content="Python code by Bob &quot;&lt;b&gt;&quot;: read it and run it in your browser.">',
    );
    expect(tags).toContain(
      `<meta property="og:image" content="https://lumen.example/v1/shares/${code}/preview.png">`,
    );
    expect(tags).toContain(
      `<meta property="og:url" content="https://lumen.example/web/shared/${code}">`,
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).not.toContain(author.email);
  });

  it("shows nothing of an unshared share's code, and nothing for other paths", async () => {
    const author = await api.signUp();
    const code = await shareProject(author, await newProject(author.userId, "Secret plan"));
    await api.call("DELETE", `/v1/shares/${code}`, { token: author.token });
    const tags = (await meta(`/web/shared/${code}`)) ?? "";
    expect(tags).toContain(SHARE_GONE_MESSAGES.revoked);
    expect(tags).not.toContain("Secret plan");
    expect(tags).not.toContain("og:image");
    expect(await meta("/web/shared/nope")).toBeUndefined();
    expect(await meta("/web/projects")).toBeUndefined();
  });
});
