/**
 * Error reporting end to end in-process (issue 14): Sentry envelopes through the public ingest are
 * grouped into issues, source-mapped with the build's maps and listed in the admin API; ignored
 * notices are dropped; hostile envelopes are 400s (never a 500); the ingest is limited per address;
 * the server's own unexpected errors are stored; web vitals are stored and summed up per route.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { addMapping, GenMapping, setSourceContent, toEncodedMap } from "@jridgewell/gen-mapping";
import type { ErrorEvent } from "@lumen/contracts";
import { type Database, desc, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { grantRole } from "../commands/grant-role.ts";
import { MAX_EVENTS_PER_ISSUE } from "../commands/store-error-event.ts";
import { TEST_SERVER_ERROR_MESSAGE } from "../commands/throw-test-error.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "../testing/api-client.ts";

const mapsDir = mkdtempSync(path.join(tmpdir(), "lumen-maps-"));
const SOURCE = "src/features/demo/explode.ts";
const SOURCE_TEXT = [
  "// demo",
  "export function explode() {",
  '  throw new Error("boom 42");',
  "}",
  "export function onClick() {",
  "  explode();",
  "}",
].join("\n");

beforeAll(() => {
  const map = new GenMapping({ file: "index-AbCdEf12.js" });
  setSourceContent(map, `../../${SOURCE}`, SOURCE_TEXT);
  addMapping(map, {
    generated: { line: 1, column: 9 },
    source: `../../${SOURCE}`,
    original: { line: 3, column: 2 },
    name: "Error",
  });
  addMapping(map, {
    generated: { line: 1, column: 50 },
    source: `../../${SOURCE}`,
    original: { line: 6, column: 2 },
    name: "explode",
  });
  mkdirSync(path.join(mapsDir, "assets"), { recursive: true });
  writeFileSync(
    path.join(mapsDir, "assets/index-AbCdEf12.js.map"),
    JSON.stringify(toEncodedMap(map)),
  );
});

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({
  NODE_ENV: "test",
  TRUST_PROXY: "true",
  LOG_LEVEL: "silent",
  SOURCE_MAPS_DIR: mapsDir,
  RELEASE: "lumen@test",
});
let admin = "";

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }) });
  const account = await api.signUp();
  await grantRole({ db: database.db, email: account.email, role: "admin" });
  admin = (await api.signIn(account.email)).token;
});
afterAll(async () => {
  await database.close();
});

const DSN = "http://lumen@127.0.0.1:3000/1";
const asset = "http://127.0.0.1:3000/assets/index-AbCdEf12.js";

function envelope(event: Record<string, unknown>, dsn = DSN): string {
  return [
    JSON.stringify({
      event_id: "0123456789abcdef0123456789abcdef",
      sent_at: new Date().toISOString(),
      dsn,
    }),
    JSON.stringify({ type: "event" }),
    JSON.stringify(event),
  ].join("\n");
}

function errorEvent(message: string, extra: Record<string, unknown> = {}) {
  return {
    event_id: "0123456789abcdef0123456789abcdef",
    platform: "javascript",
    level: "error",
    release: "lumen@abc1234",
    exception: {
      values: [
        {
          type: "Error",
          value: message,
          stacktrace: {
            frames: [
              { filename: asset, function: "o", lineno: 1, colno: 51, in_app: true },
              { filename: asset, function: "e", lineno: 1, colno: 10, in_app: true },
            ],
          },
        },
      ],
    },
    breadcrumbs: [
      { timestamp: 1767225600, category: "navigation", data: { from: "/", to: "/web/home" } },
      { timestamp: 1767225601, category: "ui.click", message: "button#explode" },
    ],
    request: { url: "http://127.0.0.1:3000/web/home" },
    ...extra,
  };
}

const ingest = (raw: string, ip?: string) =>
  api.post("/v1/monitoring/envelope", {
    raw,
    ip,
    headers: { "content-type": "text/plain;charset=UTF-8" },
  });

async function issues(query = "") {
  const answer = await api.get(`/v1/admin/errors${query}`, { token: admin });
  expect(answer.status).toBe(200);
  return answer.body.issues as Array<Record<string, unknown>>;
}

describe("POST /v1/monitoring/envelope", () => {
  it("stores a browser error as an issue with its breadcrumbs and a source-mapped stack", async () => {
    const answer = await ingest(envelope(errorEvent("boom 42")));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: "0123456789abcdef0123456789abcdef" });
    const issue = (await issues("?platform=web")).find((i) => i.title === "Error: boom 42");
    expect(issue).toMatchObject({
      platform: "web",
      count: 1,
      status: "unresolved",
      release: "lumen@abc1234",
    });
    const detail = await api.get(`/v1/admin/errors/${issue?.id}`, { token: admin });
    expect(detail.status).toBe(200);
    const event = (detail.body.events as ErrorEvent[])[0];
    expect(event?.breadcrumbs.map((b) => b.category)).toEqual(["navigation", "ui.click"]);
    const [top, caller] = event?.exceptions[0]?.frames ?? [];
    expect(top).toMatchObject({ file: SOURCE, line: 3, function: "explode", mapped: true });
    expect(top?.context).toContainEqual([3, '  throw new Error("boom 42");']);
    expect(caller).toMatchObject({ file: SOURCE, line: 6, mapped: true });
  });

  it("groups the same error, its numbers aside, and keeps different errors apart", async () => {
    await ingest(envelope(errorEvent("Lesson 7 failed")));
    await ingest(envelope(errorEvent("Lesson 12 failed")));
    await ingest(envelope(errorEvent("Another thing broke")));
    const list = await issues();
    expect(list.filter((i) => String(i.title).match(/^Error: Lesson \d+ failed$/))).toEqual([
      expect.objectContaining({ count: 2 }),
    ]);
    expect(list.some((i) => i.title === "Error: Another thing broke")).toBe(true);
  });

  it("groups by the event's own fingerprint when it sets one", async () => {
    await ingest(envelope(errorEvent("first wording", { fingerprint: ["payment-flow"] })));
    await ingest(envelope(errorEvent("second wording", { fingerprint: ["payment-flow"] })));
    const rows = await database.db
      .select()
      .from(schema.errorIssues)
      .where(eq(schema.errorIssues.title, "Error: first wording"));
    expect(rows[0]?.count).toBe(2);
  });

  it("drops `Script error.` and ResizeObserver loop notices", async () => {
    for (const message of [
      "Script error.",
      "ResizeObserver loop limit exceeded",
      "ResizeObserver loop completed with undelivered notifications.",
    ]) {
      expect((await ingest(envelope(errorEvent(message)))).status).toBe(200);
    }
    const titles = (await issues()).map((i) => String(i.title));
    expect(
      titles.filter((t) => t.includes("Script error") || t.includes("ResizeObserver")),
    ).toEqual([]);
  });

  it("keeps only the newest events of an issue", async () => {
    for (let i = 0; i < MAX_EVENTS_PER_ISSUE + 2; i++) {
      await ingest(envelope(errorEvent("noisy error")));
    }
    const [issue] = await database.db
      .select()
      .from(schema.errorIssues)
      .where(eq(schema.errorIssues.title, "Error: noisy error"));
    expect(issue?.count).toBe(MAX_EVENTS_PER_ISSUE + 2);
    const kept = await database.db
      .select({ id: schema.errorEvents.id })
      .from(schema.errorEvents)
      .where(eq(schema.errorEvents.issueId, issue?.id ?? 0));
    expect(kept).toHaveLength(MAX_EVENTS_PER_ISSUE);
  });

  it("answers hostile envelopes with a 4xx, never a 500", async () => {
    const header = JSON.stringify({ dsn: DSN });
    const cases: Array<[string, number]> = [
      ["", 400],
      ["not json at all", 400],
      ["[1,2,3]", 400],
      [`${header}\nnot json`, 400],
      [`${header}\n{"type":"event","length":999}\n{}`, 400],
      [`${header}\n{"type":"event","length":-1}\n{}`, 400],
      [`${header}\n{"length":2}\n{}`, 400],
      [`${header}\n{"type":"event"}\n"a string"`, 400],
      [`${header}\n${'{"type":"event"}\n{}\n'.repeat(25)}`, 400],
      [envelope(errorEvent("x"), "http://other@127.0.0.1:3000/1"), 403],
      [envelope(errorEvent("x"), "http://lumen@127.0.0.1:3000/2"), 403],
      [`${JSON.stringify({})}\n{"type":"event"}\n{}`, 403],
    ];
    for (const [raw, status] of cases) {
      const answer = await ingest(raw);
      expect(answer.status, raw.slice(0, 60)).toBe(status);
    }
    // An event that is valid JSON but nothing like an event is stored harmlessly or not at all.
    const odd = await ingest(
      envelope({
        exception: { values: [{ stacktrace: { frames: [null, 1, { lineno: -5 }] } }] },
        breadcrumbs: "x",
      }),
    );
    expect(odd.status).toBe(200);
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`${header}\n{"type":"event"}\n`),
      0xff,
      0xfe,
    ]);
    const invalidUtf8 = await app.request("/v1/monitoring/envelope", {
      method: "POST",
      body: bytes,
      headers: { "x-forwarded-for": "10.9.9.9" },
    });
    expect(invalidUtf8.status).toBe(400);
  });

  it("limits each address, saying when to come back (spec: 60 s backoff)", async () => {
    const ip = "10.250.250.250";
    let last = 0;
    let retryAfter: string | null = null;
    for (let i = 0; i < 61; i++) {
      const answer = await ingest("not json", ip);
      last = answer.status;
      retryAfter = answer.res.headers.get("retry-after");
    }
    expect(last).toBe(429);
    expect(retryAfter).toBe("60");
  });
});

describe("the server's own errors", () => {
  it("stores an unexpected error (500 with a request id) with its stack and code", async () => {
    const refused = await api.post("/v1/admin/errors/test", { token: admin, body: {} });
    expect(refused.status).toBe(400);
    const answer = await api.post("/v1/admin/errors/test", {
      token: admin,
      body: { confirm: "throw" },
    });
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe("internal");
    expect(String(answer.body.message)).toMatch(/quote request id \S+/);
    await expect
      .poll(async () => (await issues("?platform=server")).map((i) => i.title), { timeout: 10_000 })
      .toContain(`Error: ${TEST_SERVER_ERROR_MESSAGE}`);
    const issue = (await issues("?platform=server")).find(
      (i) => i.title === `Error: ${TEST_SERVER_ERROR_MESSAGE}`,
    );
    expect(issue?.release).toBe("lumen@test");
    const detail = await api.get(`/v1/admin/errors/${issue?.id}`, { token: admin });
    const event = (detail.body.events as ErrorEvent[])[0];
    expect(event?.requestId).toBe(String(answer.body.message).match(/request id (\S+?)\.?$/)?.[1]);
    const top = event?.exceptions[0]?.frames[0];
    expect(top).toMatchObject({
      file: "apps/server/src/commands/throw-test-error.ts",
      function: "throwTestError",
    });
    expect(top?.context.some(([, text]) => text.includes("throw new Error"))).toBe(true);
  });
});

describe("PUT /v1/admin/errors/:issueId", () => {
  it("resolves an issue (audited), and a new event reopens it", async () => {
    await ingest(envelope(errorEvent("to be resolved")));
    const issue = (await issues()).find((i) => i.title === "Error: to be resolved");
    const put = await api.put(`/v1/admin/errors/${issue?.id}`, {
      token: admin,
      body: { status: "resolved" },
    });
    expect(put.status).toBe(200);
    expect((put.body.issue as { status: string }).status).toBe("resolved");
    expect((await issues("?status=resolved")).map((i) => i.id)).toContain(issue?.id);
    const [entry] = await database.db
      .select()
      .from(schema.auditLog)
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: "error.status" });
    await ingest(envelope(errorEvent("to be resolved")));
    expect((await issues("?status=unresolved")).map((i) => i.id)).toContain(issue?.id);
    expect(
      (await api.put("/v1/admin/errors/999999", { token: admin, body: { status: "ignored" } }))
        .status,
    ).toBe(404);
    expect(
      (await api.put(`/v1/admin/errors/${issue?.id}`, { token: admin, body: { status: "gone" } }))
        .status,
    ).toBe(400);
  });
});

describe("web vitals", () => {
  it("stores sampled vitals and answers the 75th percentile per route, metric and day", async () => {
    for (const value of [100, 200, 300, 400]) {
      const answer = await api.post("/v1/monitoring/vitals", {
        body: { route: "/web/home", name: "LCP", value, rating: "good" },
      });
      expect(answer.status).toBe(204);
    }
    const bad = await api.post("/v1/monitoring/vitals", {
      body: { route: "https://x/web/home?id=1", name: "FID", value: -1 },
    });
    expect(bad.status).toBe(400);
    const report = await api.get("/v1/admin/errors/vitals", { token: admin });
    expect(report.status).toBe(200);
    expect(report.body.points).toContainEqual(
      expect.objectContaining({ route: "/web/home", name: "LCP", p75: 325, samples: 4 }),
    );
  });
});
