/** The runtimes' documents and workers get their own policy; the app keeps its strict one. */
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { parseEnv } from "../env.ts";
import { runtimeCspFor } from "./runtime-csp.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it("sends the runtime policy, not the app's, for paths the runtimes own", async () => {
  const app = createApp({ database, env: parseEnv({}), logger: pino({ level: "silent" }) });
  const path = "/runtimes/page/frame.html";
  const expected = runtimeCspFor(path);
  expect(expected).toBeDefined();
  const res = await app.request(path);
  expect(res.headers.get("content-security-policy")).toBe(expected);
  const api = await app.request("/v1/no-such-thing");
  expect(api.headers.get("content-security-policy")).toContain(
    "script-src 'self' 'wasm-unsafe-eval'",
  );
});
