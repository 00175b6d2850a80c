/**
 * The saved-files calls of issue 6 in-process against a real database and published content:
 * each call, each error, the version carry-over and that a learner only ever sees their own files.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Catalog, Lesson, Track } from "@lumen/contracts";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { type PublishedSet, publishContent } from "../catalog/publish-content.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "../testing/api-client.ts";

const logger = pino({ level: "silent" });
const source = path.resolve(import.meta.dirname, "../../../../content");
const CHAPTER = "/v1/tracks/1/tutorials/104/chapters/10401";
const SECOND_FILE = 1040105; // main.py and shopping.py, both editable
const SUMMARY = 1040106;
const OTHER_CHAPTER_LESSON = 1010102; // chapter 10101

let contentDir: string;
let database: Database;
let v1: PublishedSet;
let app: ReturnType<typeof createApp>;

type App = ReturnType<typeof createApp>;

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), "lumen-saved-files-"));
  cpSync(path.join(source, "tracks/python"), path.join(contentDir, "tracks/python"), {
    recursive: true,
  });
  database = await createTestDatabase();
  const published = await publishContent({ db: database.db, contentDir, logger });
  if (!published) throw new Error("the test content did not publish");
  v1 = published;
  app = appWith(new CatalogStore(database.db, v1));
});
afterAll(async () => {
  await database.close();
  rmSync(contentDir, { recursive: true, force: true });
});

const appWith = (catalog: CatalogStore) =>
  createApp({
    database,
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "true" }),
    logger,
    catalog,
  });

interface Answer {
  status: number;
  body: unknown;
}

async function call(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; raw?: string; on?: App } = {},
): Promise<Answer> {
  const { on = app, ...rest } = options;
  const answer = await testClient(on).call(method, url, rest);
  return { status: answer.status, body: answer.text ? answer.body : undefined };
}

const signUp = async () => (await testClient(() => app).signUp()).token;

const save = (
  token: string,
  lessonId: number,
  files: Array<{ name: string; userContent: string }>,
  options: { chapter?: string; version?: number; on?: App } = {},
) =>
  call(
    "POST",
    `${options.chapter ?? CHAPTER}/lessons/${lessonId}/savefiles?publishSetVersion=${options.version ?? v1.version}`,
    { token, body: { files }, on: options.on },
  );
const list = (token: string, options: { version?: number; chapter?: string; on?: App } = {}) =>
  call(
    "GET",
    `${options.chapter ?? CHAPTER}/savedFiles?trackVersion=${options.version ?? v1.version}`,
    { token, on: options.on },
  );

describe("GET .../savedFiles", () => {
  it("answers an empty list before anything is saved", async () => {
    const token = await signUp();
    expect(await list(token)).toEqual({ status: 200, body: { savedFiles: [] } });
  });

  it("answers what was saved, in lesson order and file order, as { name, content }", async () => {
    const token = await signUp();
    expect(
      await save(token, SECOND_FILE, [
        { name: "shopping.py", userContent: "def show_list(items):\n    pass\n" },
        { name: "main.py", userContent: "from shopping import show_list\n" },
      ]),
    ).toEqual({ status: 204, body: undefined });
    expect((await save(token, SUMMARY, [{ name: "main.py", userContent: "# done" }])).status).toBe(
      204,
    );
    expect(await list(token)).toEqual({
      status: 200,
      body: {
        savedFiles: [
          {
            lessonId: SECOND_FILE,
            files: [
              { name: "main.py", content: "from shopping import show_list\n" },
              { name: "shopping.py", content: "def show_list(items):\n    pass\n" },
            ],
          },
          { lessonId: SUMMARY, files: [{ name: "main.py", content: "# done" }] },
        ],
      },
    });
  });

  it("is not cached by shared caches", async () => {
    const token = await signUp();
    const res = await app.request(`${CHAPTER}/savedFiles?trackVersion=${v1.version}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers only the chapter's lessons", async () => {
    const token = await signUp();
    const save1 = await save(token, OTHER_CHAPTER_LESSON, [{ name: "main.py", userContent: "x" }], {
      chapter: "/v1/tracks/1/tutorials/101/chapters/10101",
    });
    expect(save1.status).toBe(204);
    expect(await list(token)).toEqual({ status: 200, body: { savedFiles: [] } });
    expect(
      await list(token, { chapter: "/v1/tracks/1/tutorials/101/chapters/10101" }),
    ).toMatchObject({ body: { savedFiles: [{ lessonId: OTHER_CHAPTER_LESSON }] } });
  });
});

describe("POST .../lessons/{l}/savefiles", () => {
  it("replaces a file saved earlier and keeps the lesson's other files", async () => {
    const token = await signUp();
    await save(token, SECOND_FILE, [
      { name: "main.py", userContent: "one" },
      { name: "shopping.py", userContent: "helpers" },
    ]);
    expect((await save(token, SECOND_FILE, [{ name: "main.py", userContent: "two" }])).status).toBe(
      204,
    );
    expect((await list(token)).body).toEqual({
      savedFiles: [
        {
          lessonId: SECOND_FILE,
          files: [
            { name: "main.py", content: "two" },
            { name: "shopping.py", content: "helpers" },
          ],
        },
      ],
    });
  });

  it("accepts the latest version when publishSetVersion is left out", async () => {
    const token = await signUp();
    const answer = await call("POST", `${CHAPTER}/lessons/${SUMMARY}/savefiles`, {
      token,
      body: { files: [{ name: "main.py", userContent: "x" }] },
    });
    expect(answer.status).toBe(204);
  });

  it("answers 400 for a name that is not an editable file of the lesson", async () => {
    const token = await signUp();
    expect(await save(token, SUMMARY, [{ name: "notes.py", userContent: "x" }])).toEqual({
      status: 400,
      body: {
        code: "validation_failed",
        message: `files: notes.py is not an editable file of lesson ${SUMMARY}.`,
      },
    });
    expect(await list(token)).toEqual({ status: 200, body: { savedFiles: [] } });
  });

  it("answers 400 for a file given twice, a bad body and invalid JSON", async () => {
    const token = await signUp();
    expect(
      await save(token, SUMMARY, [
        { name: "main.py", userContent: "a" },
        { name: "main.py", userContent: "b" },
      ]),
    ).toEqual({
      status: 400,
      body: { code: "validation_failed", message: "files: main.py is given twice." },
    });
    const url = `${CHAPTER}/lessons/${SUMMARY}/savefiles?publishSetVersion=${v1.version}`;
    expect(await call("POST", url, { token, body: { files: [{ name: "main.py" }] } })).toEqual({
      status: 400,
      body: {
        code: "validation_failed",
        message: expect.stringMatching(/^files\.0\.userContent: /),
      },
    });
    expect(await call("POST", url, { token, body: { files: [] } })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(await call("POST", url, { token })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(
      await call("POST", url, { token, body: { files: [{ name: "../etc", userContent: "" }] } }),
    ).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    expect(await call("POST", url, { token, raw: "{not json" })).toEqual({
      status: 400,
      body: { code: "invalid_json", message: "The request body is not valid JSON." },
    });
  });

  it("answers 413 for a file over 200 KB, and saves nothing of that request", async () => {
    const token = await signUp();
    const answer = await save(token, SECOND_FILE, [
      { name: "main.py", userContent: "ok" },
      { name: "shopping.py", userContent: "x".repeat(200 * 1024 + 1) },
    ]);
    expect(answer).toEqual({
      status: 413,
      body: { code: "payload_too_large", message: "shopping.py is larger than 200 KB." },
    });
    expect((await list(token)).body).toEqual({ savedFiles: [] });
    // Exactly 200 KB is allowed; the limit counts UTF-8 bytes, not characters.
    expect(
      (await save(token, SECOND_FILE, [{ name: "main.py", userContent: "x".repeat(200 * 1024) }]))
        .status,
    ).toBe(204);
    expect(
      (await save(token, SECOND_FILE, [{ name: "main.py", userContent: "é".repeat(102_401) }]))
        .status,
    ).toBe(413);
  });

  it("answers 404 for an unknown lesson, a lesson of another chapter and an unknown version", async () => {
    const token = await signUp();
    const files = [{ name: "main.py", userContent: "x" }];
    expect(await save(token, 1040199, files)).toEqual({
      status: 404,
      body: { code: "not_found", message: "Lesson 1040199 in chapter 10401 does not exist." },
    });
    expect(await save(token, OTHER_CHAPTER_LESSON, files)).toEqual({
      status: 404,
      body: {
        code: "not_found",
        message: `Lesson ${OTHER_CHAPTER_LESSON} in chapter 10401 does not exist.`,
      },
    });
    expect(
      await save(token, SUMMARY, files, { chapter: "/v1/tracks/1/tutorials/104/chapters/10499" }),
    ).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(await save(token, SUMMARY, files, { version: v1.version + 100 })).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
    expect(
      (await list(token, { chapter: "/v1/tracks/8/tutorials/104/chapters/10401" })).status,
    ).toBe(404);
  });

  it("answers 400 for ids and versions that are not positive whole numbers", async () => {
    const token = await signUp();
    for (const url of [
      "/v1/tracks/abc/tutorials/104/chapters/10401/savedFiles",
      "/v1/tracks/1/tutorials/0/chapters/10401/savedFiles",
      "/v1/tracks/1/tutorials/104/chapters/1.5/savedFiles",
      `${CHAPTER}/savedFiles?trackVersion=-1`,
      `${CHAPTER}/savedFiles?trackVersion=latest`,
    ]) {
      expect((await call("GET", url, { token })).body).toMatchObject({
        code: "validation_failed",
      });
    }
    expect(
      await call("POST", `${CHAPTER}/lessons/x/savefiles`, {
        token,
        body: { files: [{ name: "main.py", userContent: "" }] },
      }),
    ).toEqual({
      status: 400,
      body: {
        code: "validation_failed",
        message: "lessonId: lessonId must be a positive whole number",
      },
    });
    expect(
      (await call("POST", `${CHAPTER}/savedFiles/clear?trackVersion=0`, { token })).status,
    ).toBe(400);
  });
});

describe("POST .../savedFiles/clear", () => {
  it("forgets the chapter's saved files and keeps other chapters'", async () => {
    const token = await signUp();
    await save(token, SECOND_FILE, [{ name: "main.py", userContent: "a" }]);
    await save(token, OTHER_CHAPTER_LESSON, [{ name: "main.py", userContent: "b" }], {
      chapter: "/v1/tracks/1/tutorials/101/chapters/10101",
    });
    expect(
      await call("POST", `${CHAPTER}/savedFiles/clear?trackVersion=${v1.version}`, { token }),
    ).toEqual({ status: 204, body: undefined });
    expect((await list(token)).body).toEqual({ savedFiles: [] });
    expect(
      (await list(token, { chapter: "/v1/tracks/1/tutorials/101/chapters/10101" })).body,
    ).toEqual({
      savedFiles: [{ lessonId: OTHER_CHAPTER_LESSON, files: [{ name: "main.py", content: "b" }] }],
    });
    // Clearing again is harmless.
    expect(
      (await call("POST", `${CHAPTER}/savedFiles/clear?trackVersion=${v1.version}`, { token }))
        .status,
    ).toBe(204);
  });

  it("answers 404 for an unknown chapter", async () => {
    const token = await signUp();
    expect(
      await call("POST", "/v1/tracks/1/tutorials/104/chapters/10499/savedFiles/clear", { token }),
    ).toEqual({
      status: 404,
      body: { code: "not_found", message: "Chapter 10499 in tutorial 104 does not exist." },
    });
  });
});

describe("every call needs the bearer token", () => {
  it("answers 401 without one, and with one that is not valid", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `${CHAPTER}/savedFiles?trackVersion=${v1.version}`],
      ["POST", `${CHAPTER}/savedFiles/clear?trackVersion=${v1.version}`],
      [
        "POST",
        `${CHAPTER}/lessons/${SUMMARY}/savefiles?publishSetVersion=${v1.version}`,
        { files: [{ name: "main.py", userContent: "x" }] },
      ],
    ];
    for (const [method, url, body] of calls) {
      expect(await call(method, url, { body })).toEqual({
        status: 401,
        body: {
          code: "unauthenticated",
          message: "Sign in first: send `Authorization: Bearer <ID token>`.",
        },
      });
      expect(await call(method, url, { body, token: "not-a-token" })).toMatchObject({
        status: 401,
        body: { code: "unauthenticated" },
      });
    }
  });
});

describe("a learner's files are their own", () => {
  it("never lets one learner read, change or clear another's files", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await save(alice, SECOND_FILE, [{ name: "main.py", userContent: "alice's work" }]);

    expect((await list(bob)).body).toEqual({ savedFiles: [] });

    await save(bob, SECOND_FILE, [{ name: "main.py", userContent: "bob's work" }]);
    await call("POST", `${CHAPTER}/savedFiles/clear?trackVersion=${v1.version}`, { token: bob });
    expect((await list(bob)).body).toEqual({ savedFiles: [] });

    expect((await list(alice)).body).toEqual({
      savedFiles: [
        { lessonId: SECOND_FILE, files: [{ name: "main.py", content: "alice's work" }] },
      ],
    });
  });
});

describe("version carry-over", () => {
  it("carries saved work to a new version for every lesson and file that still exists", async () => {
    const token = await signUp();
    await save(token, SECOND_FILE, [
      { name: "main.py", userContent: "my main" },
      { name: "shopping.py", userContent: "my helpers" },
    ]);
    await save(token, SUMMARY, [{ name: "main.py", userContent: "my summary" }]);

    // Version 2: shopping.py becomes read-only and the summary lesson is removed.
    const chapterDir = path.join(
      contentDir,
      "tracks/python/04-project-shopping-list/01-shopping-list",
    );
    const lessonFile = path.join(chapterDir, "05-a-second-file.md");
    const original = readFileSync(lessonFile, "utf8");
    writeFileSync(
      lessonFile,
      original.replace("```python file=shopping.py\n", "```python file=shopping.py readonly\n"),
    );
    unlinkSync(path.join(chapterDir, "06-summary.md"));
    const v2 = await publishContent({ db: database.db, contentDir, logger });
    expect(v2?.version).toBeGreaterThan(v1.version);
    const track = (set: PublishedSet | undefined) => set?.catalog.tracks.find((t) => t.id === 1);
    expect(track(v2)?.version).toBe(v2?.version);
    const appV2 = appWith(new CatalogStore(database.db, v2));

    expect((await list(token, { on: appV2, version: v2!.version })).body).toEqual({
      savedFiles: [{ lessonId: SECOND_FILE, files: [{ name: "main.py", content: "my main" }] }],
    });
    // The old version still shows everything: nothing was deleted, only filtered.
    expect((await list(token, { on: appV2, version: v1.version })).body).toEqual({
      savedFiles: [
        {
          lessonId: SECOND_FILE,
          files: [
            { name: "main.py", content: "my main" },
            { name: "shopping.py", content: "my helpers" },
          ],
        },
        { lessonId: SUMMARY, files: [{ name: "main.py", content: "my summary" }] },
      ],
    });
    // Saves are checked against the version the learner is looking at.
    expect(
      (
        await save(token, SECOND_FILE, [{ name: "shopping.py", userContent: "new" }], {
          on: appV2,
          version: v2!.version,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await save(token, SUMMARY, [{ name: "main.py", userContent: "new" }], {
          on: appV2,
          version: v2!.version,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await save(token, SECOND_FILE, [{ name: "shopping.py", userContent: "old tab" }], {
          on: appV2,
          version: v1.version,
        })
      ).status,
    ).toBe(204);
  });
});

describe("the 1 MB lesson limit", () => {
  /** A lesson with six editable files: the published curriculum has none that large. */
  function bigLessonSet(): PublishedSet {
    const file = (name: string) => ({ name, content: "", readonly: false, hidden: false });
    const lesson: Lesson = {
      id: 9010101,
      index: 0,
      slug: "many-files",
      title: "Many files",
      type: "project",
      codeLanguage: "python",
      kind: "python",
      explanationHtml: "<p>Many files.</p>",
      executableContent: {
        files: [
          ...["main.py", "a.py", "b.py", "c.py", "d.py", "e.py"].map(file),
          { ...file("secret.py"), hidden: true },
        ],
      },
      hints: [],
    };
    const track: Track = {
      id: 9,
      slug: "big",
      title: "Big",
      description: "A track for the lesson limit.",
      language: "python",
      version: v1.version,
      sections: [{ index: 0, title: "All", tutorialIds: [901] }],
      tutorials: [
        {
          id: 901,
          slug: "big",
          title: "Big",
          description: "",
          project: true,
          chapters: [{ id: 90101, slug: "big", title: "Big", lessons: [lesson] }],
        },
      ],
    };
    const catalog: Catalog = { tracks: [track], glossary: {} };
    return { version: v1.version, catalog };
  }

  it("answers 413 when the lesson's saved files would pass 1 MB, counting earlier saves", async () => {
    const big = appWith(new CatalogStore(database.db, bigLessonSet()));
    const token = await signUp();
    const chapter = "/v1/tracks/9/tutorials/901/chapters/90101";
    const kb200 = "x".repeat(200 * 1024);
    const first = await save(
      token,
      9010101,
      ["main.py", "a.py", "b.py"].map((name) => ({ name, userContent: kb200 })),
      { chapter, on: big },
    );
    expect(first.status).toBe(204);
    const second = await save(
      token,
      9010101,
      ["c.py", "d.py", "e.py"].map((name) => ({ name, userContent: kb200 })),
      { chapter, on: big },
    );
    expect(second).toEqual({
      status: 413,
      body: {
        code: "payload_too_large",
        message: "The saved files of lesson 9010101 would be larger than 1 MB.",
      },
    });
    // Replacing a saved file counts its new size only.
    const replace = await save(
      token,
      9010101,
      ["main.py", "c.py"].map((name) => ({ name, userContent: kb200 })),
      { chapter, on: big },
    );
    expect(replace.status).toBe(204);
    const saved = (await list(token, { chapter, on: big })).body as {
      savedFiles: Array<{ files: Array<{ name: string }> }>;
    };
    expect(saved.savedFiles[0]?.files.map((f) => f.name)).toEqual([
      "main.py",
      "a.py",
      "b.py",
      "c.py",
    ]);
    // Hidden files are not the learner's to save.
    expect(
      (await save(token, 9010101, [{ name: "secret.py", userContent: "" }], { chapter, on: big }))
        .status,
    ).toBe(400);
  });
});
