/**
 * Every /v1 route, tried as an attacker would (issue 11 part 4): wrong types, huge values, NUL,
 * lone surrogates, negative and huge ids, path tricks, malformed and deeply nested JSON, and
 * random JSON from fast-check (a fixed seed, so a failure is the same on every run). The routes
 * come from the app itself, so a route added later is fuzzed too, and must have a sample body
 * here. No answer may be a 500, and none may hang.
 *
 * The server here has no sandbox (a probe that says so): fuzzed files are never run, and
 * completions take the unverified path. The sandboxed path is covered by escape-probes.db.test.ts.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { lazySandboxedRunners, type SandboxSupport } from "@lumen/runners/sandbox";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CatalogStore } from "../catalog/catalog-store.ts";
import { type CheckService, createCheckService } from "../checks/check-service.ts";
import { grantRole } from "../commands/grant-role.ts";
import { PreviewRunners } from "../commands/preview-runners.ts";
import { parseEnv } from "../env.ts";
import { newIp, testClient } from "../testing/api-client.ts";
import { HELLO_TRACK } from "../testing/fixtures.ts";
import { AI_SAMPLES } from "../testing/fuzz-samples/ai.ts";
import { ANALYTICS_SAMPLES } from "../testing/fuzz-samples/analytics.ts";
import { BILLING_SAMPLES } from "../testing/fuzz-samples/billing.ts";
import { BUILDER_SAMPLES } from "../testing/fuzz-samples/builder.ts";
import { COMMUNITY_SAMPLES } from "../testing/fuzz-samples/community.ts";
import { ERRORS_SAMPLES } from "../testing/fuzz-samples/errors.ts";
import { EXPERIMENTS_SAMPLES } from "../testing/fuzz-samples/experiments.ts";
import { FLAGS_SAMPLES } from "../testing/fuzz-samples/flags.ts";
import { LIBRARY_SAMPLES } from "../testing/fuzz-samples/library.ts";
import { LIVE_EVENTS_SAMPLES } from "../testing/fuzz-samples/live-events.ts";
import { MODERATION_SAMPLES } from "../testing/fuzz-samples/moderation.ts";
import { OIDC_SAMPLES } from "../testing/fuzz-samples/oidc.ts";
import { ONBOARDING_SAMPLES } from "../testing/fuzz-samples/onboarding.ts";
import { PLANS_SAMPLES } from "../testing/fuzz-samples/plans.ts";
import { PROJECTS_SAMPLES } from "../testing/fuzz-samples/projects.ts";
import { SHARES_SAMPLES } from "../testing/fuzz-samples/shares.ts";
import type { FuzzSamples } from "../testing/fuzz-samples/types.ts";
import { USERS_SAMPLES } from "../testing/fuzz-samples/users.ts";

const probe = async (): Promise<SandboxSupport> => ({ available: false, missing: "fuzz test" });
const logger = pino({ level: "silent" });
const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "true" });

const TRACK = HELLO_TRACK;
const IDS: Record<string, string> = {
  trackId: "2",
  tutorialId: "201",
  chapterId: "20101",
  lessonId: "2010102",
  language: "javascript",
  photoId: randomUUID(),
  // A valued flag, so that the rule's value is fuzzed too (issue 14).
  flag: "aiModelOverride",
  // A well-formed share code that names no share (issue 17).
  code: "AAAAAAAAAAAA",
  // A well-formed community post id that names no post (issue 17).
  postId: randomUUID(),
  // A build, machine or instance that is not the fuzzing learner's (issue 18), and a turn.
  id: randomUUID(),
  number: "1",
};

const files = [{ name: "index.js", content: 'console.log("Hello")' }];
const completion = () => ({
  trackId: 2,
  tutorialId: 201,
  chapterId: 20101,
  trackVersion: 1,
  files,
  completedAt: new Date().toISOString(),
  timeZone: "Europe/Berlin",
  clientEventId: randomUUID(),
});

/** A valid request for each route: the fuzzer bends one part of it at a time. */
const SAMPLES: FuzzSamples = {
  // Issue 14's areas keep their samples beside each other (testing/fuzz-samples/).
  ...USERS_SAMPLES,
  ...FLAGS_SAMPLES,
  ...EXPERIMENTS_SAMPLES,
  ...ERRORS_SAMPLES,
  ...ANALYTICS_SAMPLES,
  ...PLANS_SAMPLES,
  ...BILLING_SAMPLES,
  ...ONBOARDING_SAMPLES,
  ...AI_SAMPLES,
  ...PROJECTS_SAMPLES,
  ...SHARES_SAMPLES,
  ...LIBRARY_SAMPLES,
  ...LIVE_EVENTS_SAMPLES,
  ...MODERATION_SAMPLES,
  ...COMMUNITY_SAMPLES,
  ...OIDC_SAMPLES,
  ...BUILDER_SAMPLES,
  "POST /v1/auth/signup": {
    body: () => ({
      email: `f${randomUUID()}@example.com`,
      password: "secret-123",
      displayName: "A",
    }),
  },
  "POST /v1/auth/signin": { body: () => ({ email: "fuzz@example.com", password: "secret-123" }) },
  "POST /v1/auth/token": { body: () => ({ refreshToken: "not-a-token" }) },
  "POST /v1/auth/password-reset": { body: () => ({ email: "fuzz@example.com" }) },
  "POST /v1/auth/password-reset/confirm": {
    body: () => ({ code: "abc", newPassword: "secret-456" }),
  },
  "POST /v1/auth/verify-email": {},
  "POST /v1/auth/verify-email/confirm": { body: () => ({ code: "abc" }) },
  "GET /v1/me": {},
  // The learner's account (issue 13). The current password is wrong on purpose, so that the
  // fuzzer never changes the learner's password or address, or deletes the account it uses.
  "PATCH /v1/me": { body: () => ({ displayName: "Fuzz" }) },
  "POST /v1/me/password": {
    body: () => ({ currentPassword: "not-the-password", newPassword: "secret-456" }),
  },
  "POST /v1/me/email": {
    body: () => ({ newEmail: "fuzz-new@example.com", currentPassword: "not-the-password" }),
  },
  "DELETE /v1/me": {
    body: () => ({ confirmEmail: "fuzz@example.com", password: "not-the-password" }),
  },
  "GET /v1/me/stats": {},
  "GET /v1/me/export": {},
  "GET /v1/me/settings": {},
  "PATCH /v1/me/settings": { body: () => ({ theme: "dark", editorFontSize: 16, sound: false }) },
  // Raw image bytes in real use; the fuzzer's JSON is never an image (415).
  "PUT /v1/me/photo": { body: () => ({ image: "not an image" }) },
  "DELETE /v1/me/photo": {},
  "GET /v1/photos/:photoId": {},
  "POST /v1/auth/email-change/confirm": { body: () => ({ code: "abc" }) },
  // The landing of Firebase Authentication's mail links (issue 19).
  "GET /v1/auth/action": { query: { mode: "resetPassword", oobCode: "abc" } },
  "POST /v1/user/visits": { body: () => ({ appName: "web" }) },
  "POST /v1/events": {
    body: () => ({
      events: [
        {
          name: "pageview",
          properties: { screen: "home", n: 1 },
          at: new Date().toISOString(),
          anonymousId: "anon-1",
          path: "/web",
        },
      ],
    }),
  },
  "GET /v1/tracks": {},
  "GET /v1/tracks/:trackId": { query: { trackVersion: "1" } },
  "GET /v1/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId": {
    query: { trackVersion: "1" },
  },
  "GET /v1/glossary/:language": {},
  "GET /v1/progress": {},
  "PUT /v1/daily-goal": { body: () => ({ xp: 20 }) },
  "PUT /v1/me/time-zone": { body: () => ({ timeZone: "Europe/Berlin" }) },
  "POST /v1/progress/lessons/:lessonId/complete": { body: completion },
  "POST /v1/progress/sync": {
    body: () => ({ events: [{ ...completion(), lessonId: 2010102 }] }),
  },
  "GET /v1/streak/calendar": { query: { from: "2026-11-01", to: "2026-11-30" } },
  "POST /v1/streak/freezes": {},
  "GET /v1/tracks/:trackId/progress": {},
  "GET /v1/tracks/:trackId/sections/active": {},
  "PUT /v1/tracks/:trackId/sections/active": { body: () => ({ sectionIndex: 0 }) },
  "GET /v1/me/active-track": {},
  "PUT /v1/me/active-track": { body: () => ({ trackId: 2 }) },
  "GET /v1/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId/savedFiles": {
    query: { trackVersion: "1" },
  },
  "POST /v1/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId/savedFiles/clear": {
    query: { trackVersion: "1" },
  },
  "POST /v1/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId/lessons/:lessonId/savefiles":
    {
      query: { publishSetVersion: "1" },
      body: () => ({ files: [{ name: "index.js", userContent: "console.log(1)" }] }),
    },
  "POST /v1/preview/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId/lessons/:lessonId/runfiles":
    { body: () => ({ files: [{ name: "index.js", userContent: "console.log(1)" }] }) },
  "POST /v1/preview/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId/savedFiles/clearCache":
    {},
};

/** Values put in place of any one part of a valid request. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -(2 ** 31),
  2 ** 53 + 1,
  1e308,
  -1e308,
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "😀",
  "A".repeat(200_000),
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "9999-12-31",
  "0000-00-00",
  "NaN",
  [],
  {},
  [null],
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
];

/** Path parameters: percent-encoded as a client would send them. */
const HOSTILE_SEGMENTS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "NaN",
  "Infinity",
  "99999999999999999999999",
  "2147483648",
  "9007199254740993",
  "%00",
  "1%00",
  "%ED%A0%80",
  "%E2%80",
  "%ZZ",
  "%25",
  "..",
  "..%2F..%2Fetc%2Fpasswd",
  "__proto__",
  "constructor",
  "toString",
  "%20",
  "A".repeat(4000),
];

/** Raw bodies that are not the JSON a route expects, or not JSON at all. */
const HOSTILE_BODIES: Array<string | Blob> = [
  "",
  "null",
  "[]",
  '"text"',
  "12",
  "{",
  '{"a":',
  "{'a':1}",
  '{"__proto__":{"polluted":true}}',
  `${"[".repeat(300_000)}${"]".repeat(300_000)}`,
  `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`,
  new Blob([
    new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]),
  ]),
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
];

let database: Database;
let checks: CheckService;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
let learnerToken = "";
let engineerToken = "";
let adminToken = "";
const REQUEST_LIMIT_MS = 20_000;

beforeAll(async () => {
  database = await createTestDatabase();
  checks = createCheckService({ env, logger, probe });
  await checks.start();
  app = createApp({
    database,
    env,
    logger,
    catalog: new CatalogStore(database.db, {
      version: 1,
      catalog: { tracks: [TRACK], glossary: { javascript: [] } },
    }),
    checks,
    preview: new PreviewRunners(() => lazySandboxedRunners({ probe })),
  });
  learnerToken = (await api.signUp()).token;
  const { email: engineer } = await api.signUp();
  await grantRole({ db: database.db, email: engineer, role: "course_engineer" });
  engineerToken = (await api.signIn(engineer)).token;
  const { email: admin } = await api.signUp();
  await grantRole({ db: database.db, email: admin, role: "admin" });
  adminToken = (await api.signIn(admin)).token;
});
afterAll(async () => {
  await checks.dispose();
  await database.close();
});

interface Attempt {
  method: string;
  path: string;
  body?: string | Blob;
  token?: string;
}

/** Sends one request; a 500, or no answer within the limit, is recorded as a failure. */
async function attempt(request: Attempt, failures: string[]): Promise<number> {
  const describeIt = `${request.method} ${request.path.slice(0, 200)} ${
    typeof request.body === "string" ? request.body.slice(0, 120) : request.body ? "<bytes>" : ""
  }`;
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<"hang">((resolve) => {
    timer = setTimeout(() => resolve("hang"), REQUEST_LIMIT_MS);
  });
  const answer = await Promise.race([
    Promise.resolve(
      app.request(request.path, {
        method: request.method,
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": newIp(),
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        },
        body: request.method === "GET" ? undefined : request.body,
      }),
    ),
    hang,
  ]);
  clearTimeout(timer);
  if (answer === "hang") {
    failures.push(`no answer within ${REQUEST_LIMIT_MS} ms: ${describeIt}`);
    return 0;
  }
  const text = await answer.text();
  // A 503 "unavailable" is this server's deliberate answer to a preview without a sandbox, and
  // "ai_not_configured" to {product} AI on a server without a model (issue 16).
  const deliberate = answer.status === 503 && /"code":"(unavailable|ai_not_configured)"/.test(text);
  if (answer.status >= 500 && !deliberate)
    failures.push(`${answer.status} ${text.slice(0, 200)}: ${describeIt}`);
  return answer.status;
}

const ROUTES = () => {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.path.startsWith("/v1/") && r.method !== "ALL")
    .map((r) => ({ method: r.method, path: r.path, key: `${r.method} ${r.path}` }))
    .filter((r) => !seen.has(r.key) && seen.add(r.key));
};

function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? IDS[name] ?? "1");
}

function withQuery(path: string, query?: Record<string, string>): string {
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}

function tokenFor(path: string): string {
  if (path.startsWith("/v1/admin/")) return adminToken;
  // The AI ratings are the course engineers' (issue 16): fuzzed past their role check.
  if (path === "/v1/ai/ratings") return engineerToken;
  return path.startsWith("/v1/preview/") ? engineerToken : learnerToken;
}

/** Every place in a JSON value, as a path of keys, the root first. */
function placesIn(
  value: unknown,
  path: Array<string | number> = [],
): Array<Array<string | number>> {
  const places = [path];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) places.push(...placesIn(v, [...path, i]));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) places.push(...placesIn(v, [...path, k]));
  }
  return places;
}

function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = replacement;
  return copy;
}

/** JSON.stringify keeps lone surrogates as escapes and NUL as \u0000: what an attacker sends. */
const json = (value: unknown) => JSON.stringify(value);

describe("every /v1 route has a sample request here, so that none escapes the fuzzer", () => {
  it("knows every route the app serves", () => {
    const routes = ROUTES().map((r) => r.key);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((key) => !(key in SAMPLES))).toEqual([]);
  });

  it("answers each sample request without a 500", async () => {
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    for (const route of ROUTES()) {
      const sample = SAMPLES[route.key] ?? {};
      const path = withQuery(fillPath(route.path), sample.query);
      statuses[route.key] = await attempt(
        { method: route.method, path, body: json(sample.body?.()), token: tokenFor(route.path) },
        failures,
      );
    }
    expect(failures).toEqual([]);
    // The samples are valid: most of them succeed, so the fuzzer bends requests that get deep.
    expect(Object.values(statuses).filter((s) => s < 300).length).toBeGreaterThan(20);
  });
});

/**
 * One route's hostile requests, one after another: sign-in hashes a password for each, so on a
 * busy machine (other suites beside this one) they take well over the 30 s default. A request
 * that hangs still fails: the attempt's own deadline ends it first.
 */
const FUZZ_ROUTE_MS = 180_000;

describe("the route fuzzer: no input ends in a 500 or a hang", () => {
  it.each(ROUTES_KEYS())(
    "%s: hostile path parameters and queries",
    async (key) => {
      const route = ROUTES().find((r) => r.key === key);
      if (!route) throw new Error(`no route ${key}`);
      const sample = SAMPLES[key] ?? {};
      const failures: string[] = [];
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      const body = json(sample.body?.());
      for (const segment of HOSTILE_SEGMENTS) {
        for (const name of names) {
          const path = withQuery(fillPath(route.path, { [name]: segment }), sample.query);
          await attempt(
            { method: route.method, path, body, token: tokenFor(route.path) },
            failures,
          );
        }
        // The same hostile value in every query parameter the route reads, and in a stray one.
        const query = Object.fromEntries(
          [...Object.keys(sample.query ?? {}), "x"].map((k) => [
            k,
            decodeURIComponentSafe(segment),
          ]),
        );
        const path = withQuery(fillPath(route.path), query);
        await attempt({ method: route.method, path, body, token: tokenFor(route.path) }, failures);
      }
      // Without a token, and with a forged one.
      const plain = withQuery(fillPath(route.path), sample.query);
      await attempt({ method: route.method, path: plain, body }, failures);
      await attempt({ method: route.method, path: plain, body, token: "a.b.c" }, failures);
      expect(failures).toEqual([]);
    },
    FUZZ_ROUTE_MS,
  );

  it.each(ROUTES_KEYS().filter((key) => !key.startsWith("GET ")))(
    "%s: every part of the body bent to a hostile value, and bodies that are not JSON",
    async (key) => {
      const route = ROUTES().find((r) => r.key === key);
      if (!route) throw new Error(`no route ${key}`);
      const sample = SAMPLES[key] ?? {};
      const path = withQuery(fillPath(route.path), sample.query);
      const token = tokenFor(route.path);
      const failures: string[] = [];
      const valid = sample.body?.() ?? {};
      for (const place of placesIn(valid)) {
        for (const value of HOSTILE_VALUES) {
          const body = json(replaceAt(sample.body?.() ?? {}, place, value));
          await attempt({ method: route.method, path, body, token }, failures);
        }
      }
      for (const body of HOSTILE_BODIES) {
        await attempt({ method: route.method, path, body, token }, failures);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it.each(ROUTES_KEYS().filter((key) => !key.startsWith("GET ")))(
    "%s: random JSON (fast-check, fixed seed)",
    async (key) => {
      const route = ROUTES().find((r) => r.key === key);
      if (!route) throw new Error(`no route ${key}`);
      const sample = SAMPLES[key] ?? {};
      const path = withQuery(fillPath(route.path), sample.query);
      const token = tokenFor(route.path);
      const failures: string[] = [];
      const bodies = fc.sample(
        fc.oneof(
          fc.jsonValue(),
          // The sample's own keys with random values: past the first type check more often.
          fc.dictionary(
            fc.constantFrom(...Object.keys((sample.body?.() as object) ?? { a: 1 })),
            fc.jsonValue(),
          ),
        ),
        { numRuns: 40, seed: 11 },
      );
      for (const body of bodies) {
        await attempt({ method: route.method, path, body: json(body), token }, failures);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});

describe("the inputs issue 11 found answering 500, each a clear 4xx now", () => {
  const post = (path: string, body: unknown, token?: string) =>
    app.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": newIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const event = (overrides: Record<string, unknown>) => ({
    events: [
      {
        name: "pageview",
        properties: {},
        at: new Date().toISOString(),
        anonymousId: "anon-1",
        ...overrides,
      },
    ],
  });

  it.each([
    ["a NUL in a property value", event({ properties: { a: "x\u0000" } }), "events.0.properties.a"],
    ["a NUL in a property name", event({ properties: { "a\u0000": "x" } }), "(a property name)"],
    ["a NUL in anonymousId", event({ anonymousId: "a\u0000" }), "events.0.anonymousId"],
    ["a NUL in path", event({ path: "/web\u0000" }), "events.0.path"],
    ["a lone surrogate in a property", event({ properties: { a: "\uD800" } }), "lone UTF-16"],
  ])("POST /v1/events with %s: 400 naming the field", async (_, body, where) => {
    const res = await post("/v1/events", body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { code: string; message: string };
    expect(answer.code).toBe("validation_failed");
    expect(answer.message).toContain(where);
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "the glossary of %j is not found (no prototype key names a glossary)",
    async (language) => {
      const res = await app.request(`/v1/glossary/${language}`);
      expect(res.status).toBe(404);
    },
  );

  it("savefiles with a NUL in userContent: 400, and nothing saved", async () => {
    const res = await post(
      withQuery(
        fillPath(
          "/v1/tracks/:trackId/tutorials/:tutorialId/chapters/:chapterId/lessons/:lessonId/savefiles",
        ),
        { publishSetVersion: "1" },
      ),
      { files: [{ name: "index.js", userContent: "a\u0000b" }] },
      learnerToken,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "files.0.userContent: text must not contain the NUL character (U+0000)",
    );
  });

  it("sign-up with a NUL in displayName: 400", async () => {
    const res = await post("/v1/auth/signup", {
      email: `nul-${randomUUID()}@example.com`,
      password: "secret-123",
      displayName: "Ada\u0000",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("displayName");
  });

  it("the streak calendar for 9999-12-31: 400 with the dates it takes", async () => {
    const res = await app.request("/v1/streak/calendar?from=9999-12-31&to=9999-12-31", {
      headers: { authorization: `Bearer ${learnerToken}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "from: Expected a date from 1970-01-01 to 2999-12-31",
    );
  });

  it.each([
    ["a file name with a space", { files: [{ name: "my file.js", content: "" }] }, "files.0.name"],
    [
      "21 files",
      { files: Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.js`, content: "" })) },
      "files",
    ],
  ])("/complete with %s: 400 naming the field", async (_, override, where) => {
    const res = await post(
      "/v1/progress/lessons/2010102/complete",
      { ...completion(), ...override },
      learnerToken,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(new RegExp(`^${where}`));
  });

  it("/sync with one such event answers it as rejected and counts the others", async () => {
    const bad = {
      ...completion(),
      lessonId: 2010102,
      files: [{ name: "my file.js", content: "" }],
    };
    const good = { ...completion(), lessonId: 2010102 };
    const res = await post("/v1/progress/sync", { events: [bad, good] }, learnerToken);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      results: Array<{ clientEventId: string; counted: boolean; rejected?: string }>;
    };
    const rejected = answer.results.find((r) => r.clientEventId === bad.clientEventId);
    expect(rejected?.counted).toBe(false);
    expect(rejected?.rejected).toMatch(/^files\.0\.name: /);
    expect(answer.results.find((r) => r.clientEventId === good.clientEventId)?.rejected).toBe(
      undefined,
    );
  });
});

function ROUTES_KEYS(): string[] {
  return Object.keys(SAMPLES);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
