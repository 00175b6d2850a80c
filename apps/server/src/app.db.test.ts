/** The HTTP basics of issue 2, called in-process against a real database. */
import { type Database, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { parseEnv } from "./env.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const logged: string[] = [];
const logger = pino({ level: "debug" }, { write: (line: string) => logged.push(line) });

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env: parseEnv({ NODE_ENV: "test" }), logger });
});
afterAll(async () => {
  await database.close();
});

const event = (name: string) => ({
  name,
  at: "2026-11-22T10:00:00.000Z",
  anonymousId: "anon-1",
  properties: { lessonId: 1010101 },
});

describe("GET /healthz", () => {
  it("reports ok and which database answers", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: database.kind });
  });
});

describe("errors under /v1 are JSON { code, message }", () => {
  it("answers 404 for an unknown route", async () => {
    const res = await app.request("/v1/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({
      code: "not_found",
      message: "This API route does not exist.",
    });
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await app.request("/v1/events", { method: "POST", body: "{not json" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "invalid_json",
      message: "The request body is not valid JSON.",
    });
  });

  it("answers 413 for a body over 1 MB", async () => {
    const res = await app.request("/v1/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: "payload_too_large",
      message: "The request body is larger than 1 MB.",
    });
  });

  it("answers 405 with Allow for a known route and a wrong method", async () => {
    const res = await app.request("/v1/events", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed" });
  });

  it("answers 400 naming the field for a body that does not fit the schema", async () => {
    const res = await app.request("/v1/events", {
      method: "POST",
      body: JSON.stringify({ events: [event("not_an_event")] }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("validation_failed");
    expect(body.message).toMatch(/^events\.0\.name: /);
  });

  it("sets the security headers and a request id", async () => {
    const res = await app.request("/v1/no-such-thing");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("POST /v1/events", () => {
  it("stores a batch and answers 202 with the count", async () => {
    const res = await app.request("/v1/events", {
      method: "POST",
      // sendBeacon sends a Blob: the content type must not matter.
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ events: [event("pageview"), event("open_lesson")] }),
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 2 });
    const rows = await database.db.select().from(schema.analyticsEvents);
    expect(rows.map((r) => r.name).sort()).toEqual(["open_lesson", "pageview"]);
    expect(rows[0]?.properties).toEqual({ lessonId: 1010101 });
  });
});

describe("an unexpected failure", () => {
  it("answers 500 with a request id and no stack; the log has the stack", async () => {
    const broken = await createTestDatabase();
    const brokenApp = createApp({ database: broken, env: parseEnv({}), logger });
    await broken.close();
    const res = await brokenApp.request("/v1/events", {
      method: "POST",
      body: JSON.stringify({ events: [event("pageview")] }),
    });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; message: string };
    const requestId = res.headers.get("x-request-id");
    expect(body.code).toBe("internal");
    expect(body.message).toContain(`request id ${requestId}`);
    expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+/);
    const logLine = logged.find(
      (l) => l.includes(`"requestId":"${requestId}"`) && l.includes("request failed"),
    );
    expect(logLine).toBeDefined();
    expect(logLine).toContain("stack");

    const health = await brokenApp.request("/healthz");
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", database: broken.kind });
  });
});
