/**
 * Issue 11 part 2, through the real HTTP server as an attacker would use it: every escape probe
 * of testing/escape-probes.ts posted as a course engineer's preview (whose answer shows what the
 * code printed) and as a fresh learner's completion and sync. Nothing may escape: no marker file
 * on the host, no connection to a listening port, no secret in any answer, no 500, and /healthz
 * answers throughout.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Lesson, runResultSchema } from "@lumen/contracts";
import { languageOfFile } from "@lumen/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantRole } from "../commands/grant-role.ts";
import { parseEnv } from "../env.ts";
import { type RunningServer, startServer } from "../server.ts";
import { testClient } from "../testing/api-client.ts";
import { insertPlanGrant } from "../testing/billing-fixtures.ts";
import { PROBES, type Probe, type ProbeContext } from "./testing/escape-probes.ts";

const REPO = path.resolve(import.meta.dirname, "../../../..");
const CANARY = `canary-${randomUUID()}`;
const dir = mkdtempSync(path.join(tmpdir(), "lumen-probes-"));
let server: RunningServer;
let listener: Server;
let connections = 0;
let ctx: ProbeContext;
let engineer: string;
const lessons = new Map<
  string,
  { lesson: Lesson; place: Record<string, number>; fileName: string }
>();

const client = testClient(() => server.url);
/** A learner on Starter: the probes post to lessons of every section (issue 15's paywall). */
async function signUp() {
  const account = await client.signUp();
  await insertPlanGrant(server.database.db, account.userId, { tier: "tier-0" });
  return account;
}

async function api(pathname: string, token?: string, body?: unknown) {
  const answer = await client.call(body === undefined ? "GET" : "POST", `/v1${pathname}`, {
    token,
    body,
  });
  return { status: answer.status, text: answer.text };
}

/**
 * The first code lesson of each language with an editable file in that language (a page lesson's
 * editable file may be its script), found the way a client finds it: through the API.
 */
async function findLessons(token: string) {
  const tracks = JSON.parse((await api("/tracks")).text) as { tracks: Array<{ id: number }> };
  for (const { id } of tracks.tracks) {
    const track = JSON.parse((await api(`/tracks/${id}`)).text) as {
      version: number;
      sections: Array<{ tutorials: Array<{ id: number; chapters: Array<{ id: number }> }> }>;
    };
    for (const tutorial of track.sections.flatMap((s) => s.tutorials)) {
      for (const chapter of tutorial.chapters) {
        const url = `/tracks/${id}/tutorials/${tutorial.id}/chapters/${chapter.id}`;
        const answer = JSON.parse((await api(url, token)).text) as { lessons: Lesson[] };
        for (const lesson of answer.lessons) {
          if (lesson.type !== "code" || lessons.has(lesson.codeLanguage)) continue;
          const file = lesson.executableContent.files.find(
            (f) => !f.readonly && !f.hidden && languageOfFile(f.name) === lesson.codeLanguage,
          );
          if (!file) continue;
          const place = { trackId: id, tutorialId: tutorial.id, chapterId: chapter.id };
          lessons.set(lesson.codeLanguage, {
            lesson,
            place: { ...place, trackVersion: track.version },
            fileName: file.name,
          });
        }
      }
    }
  }
}

/** The lesson's file in the probe's language, with the probe's code in it. */
function probeFiles(probe: Probe) {
  const found = lessons.get(probe.language);
  if (!found) throw new Error(`no ${probe.language} code lesson in the catalog`);
  return { found, name: found.fileName, content: probe.code(ctx) };
}

/** What must never appear in anything the server answers. */
function expectNothingLeaked(text: string) {
  expect(text).not.toContain("ESCAPED");
  expect(text).not.toContain(CANARY);
  expect(text).not.toContain("root:x:0:0");
  expect(text).not.toContain("DATABASE_URL");
  expect(text).not.toContain("PG_VERSION");
}

beforeAll(async () => {
  ctx = {
    marker: path.join(dir, "escaped-marker"),
    secretFile: path.join(dir, "secret.env"),
    dataDir: path.join(dir, "data"),
    canary: CANARY,
    ports: [],
    repoRoot: REPO,
  };
  writeFileSync(ctx.secretFile, `SECRET=${CANARY}\n`);
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  process.env.LUMEN_PROBE_SECRET = CANARY;
  server = await startServer(
    parseEnv({
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      DATA_DIR: ctx.dataDir,
      NODE_ENV: "test",
      PORT: "0",
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      RUNNER_SANDBOX: "required",
    }),
  );
  // Something for the DATA_DIR probe to find, were the sandbox to show it the host's disk.
  mkdirSync(ctx.dataDir, { recursive: true });
  writeFileSync(path.join(ctx.dataDir, "canary.txt"), CANARY);
  const address = listener.address();
  ctx.ports = [
    typeof address === "object" && address ? address.port : 0,
    Number(new URL(server.url).port),
  ];
  const account = await client.signUp();
  await grantRole({ db: server.database.db, email: account.email, role: "course_engineer" });
  // Course engineers see every lesson whatever their plan; a new sign-in carries the role.
  engineer = (await client.signIn(account.email, account.password)).token;
  await findLessons(engineer);
}, 180_000);

afterAll(async () => {
  delete process.env.LUMEN_PROBE_SECRET;
  await server?.stop();
  listener?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the sandbox, as /healthz reports it", () => {
  it("is bubblewrap with no network interface", async () => {
    const health = JSON.parse((await fetch(`${server.url}/healthz`).then((r) => r.text())) || "{}");
    expect(health.checks).toMatchObject({
      mode: "sandboxed",
      sandbox: { mechanism: "bubblewrap" },
    });
  });
});

/** A course engineer's preview: its answer shows everything the code printed. */
async function preview(probe: Probe) {
  const { found, name, content } = probeFiles(probe);
  const { trackId, tutorialId, chapterId } = found.place;
  const url = `/preview/tracks/${trackId}/tutorials/${tutorialId}/chapters/${chapterId}/lessons/${found.lesson.id}/runfiles`;
  return api(url, engineer, { files: [{ name, userContent: content }] });
}

/** A fresh learner's completion of the same lesson with the same code. */
async function complete(probe: Probe) {
  const { found, name, content } = probeFiles(probe);
  const { token } = await signUp();
  return api(`/progress/lessons/${found.lesson.id}/complete`, token, {
    ...found.place,
    files: [{ name, content }],
    timeZone: "UTC",
    clientEventId: randomUUID(),
  });
}

describe.each(PROBES.map((p) => [`${p.language}: ${p.name}`, p] as const))(
  "%s",
  (_label, probe) => {
    it("escapes nowhere from an engineer's preview or a learner's completion; clear results", async () => {
      // Both at once, as they would come: the preview and the checks have pools of their own.
      const [engineerAnswer, learnerAnswer, health] = await Promise.all([
        preview(probe),
        complete(probe),
        fetch(`${server.url}/healthz`),
      ]);
      expect(health.status).toBe(200);
      expect(engineerAnswer.status).toBe(200);
      const result = runResultSchema.parse(JSON.parse(engineerAnswer.text));
      if (probe.status) expect(result.status).toBe(probe.status);
      expect([200, 422]).toContain(learnerAnswer.status);
      for (const answer of [engineerAnswer, learnerAnswer]) expectNothingLeaked(answer.text);
      expect(existsSync(ctx.marker)).toBe(false);
      expect(connections).toBe(0);
    });
  },
);

describe("a learner's offline sync of escape attempts", () => {
  it("answers 200 with each event refused, counted or deferred, and escapes nowhere", async () => {
    const { token } = await signUp();
    // One probe of each runtime that ends quickly: the completions above tried them all.
    const quick = PROBES.filter((p) => p.name === "realm escapes" || p.name === "os.system");
    const events = quick.map((probe) => {
      const { found, name, content } = probeFiles(probe);
      return {
        ...found.place,
        lessonId: found.lesson.id,
        files: [{ name, content }],
        timeZone: "UTC",
        clientEventId: randomUUID(),
      };
    });
    const sync = await api("/progress/sync", token, { events });
    expect(sync.status).toBe(200);
    expectNothingLeaked(sync.text);
    const answer = JSON.parse(sync.text) as { results: unknown[]; deferred?: string[] };
    expect(answer.results.length + (answer.deferred?.length ?? 0)).toBe(events.length);
    expect(existsSync(ctx.marker)).toBe(false);
    expect(connections).toBe(0);
  });
});
