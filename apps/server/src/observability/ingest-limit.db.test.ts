/**
 * The monitoring ingest's limit (60 reports a minute an address, ADR 0041) is counted in the rate
 * limits' store, so that two server processes share it: two apps on one database, and two apps on
 * one Redis (a redis-server started for this file), each take half of an address's reports and
 * the one past 60 is refused by whichever app gets it. A store that cannot be reached lets reports
 * through, with a warning.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { Writable } from "node:stream";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { parseEnv } from "../env.ts";
import { checkIngestLimit, INGEST_LIMITS } from "./ingest-limit.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const silent = pino({ level: "silent" });

/** A body the ingest refuses with a 400 after counting it: the limit is what is tested here. */
const post = (app: ReturnType<typeof createApp>, path: string, ip: string) =>
  app.request(`/v1/monitoring/${path}`, {
    method: "POST",
    body: "not an envelope",
    headers: { "x-forwarded-for": ip, "content-type": "application/json" },
  });

/** Sends LIMIT reports from IP, alternating between the apps, then one more to each. */
async function shareOneLimit(apps: ReturnType<typeof createApp>[], path: string, ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < INGEST_LIMITS.envelope; i++) {
    statuses.push((await post(apps[i % 2] as ReturnType<typeof createApp>, path, ip)).status);
  }
  const past = await Promise.all(apps.map((app) => post(app, path, ip)));
  return { statuses, past };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

describe("the ingest limit across server processes", () => {
  it("is one count for two apps on one database", async () => {
    const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
    const apps = [1, 2].map(() => createApp({ database, env, logger: silent }));
    try {
      const { statuses, past } = await shareOneLimit(apps, "envelope", "10.77.0.1");
      // Each app saw only 30, yet together they are at the limit.
      expect(statuses.every((status) => status === 400)).toBe(true);
      for (const answer of past) {
        expect(answer.status).toBe(429);
        expect(answer.headers.get("retry-after")).toBe("60");
        expect(((await answer.json()) as { code: string }).code).toBe("rate_limited");
      }
      // Another address, and the other beacon of the same address, count on their own.
      expect(
        (await post(apps[0] as ReturnType<typeof createApp>, "envelope", "10.77.0.2")).status,
      ).toBe(400);
      expect(
        (await post(apps[1] as ReturnType<typeof createApp>, "vitals", "10.77.0.1")).status,
      ).toBe(400);
    } finally {
      await Promise.all(apps.map((app) => app.dispose()));
    }
  });

  it("is one count for two apps on one Redis", async () => {
    const port = await freePort();
    const redisServer = spawn(
      "redis-server",
      ["--port", String(port), "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const probe = new Redis(port, "127.0.0.1");
    probe.on("error", () => {});
    const env = parseEnv({
      NODE_ENV: "test",
      TRUST_PROXY: "true",
      LOG_LEVEL: "silent",
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    const apps = [1, 2].map(() => createApp({ database, env, logger: silent }));
    try {
      await expect.poll(() => probe.ping().catch(() => "down"), { timeout: 10_000 }).toBe("PONG");
      const { statuses, past } = await shareOneLimit(apps, "vitals", "10.77.1.1");
      expect(statuses.every((status) => status === 400)).toBe(true);
      expect(past.map((answer) => answer.status)).toEqual([429, 429]);
      // Counted in Redis, not in the database.
      expect(Number(await probe.get("lumen:rl:ingest-vitals:10.77.1.1"))).toBe(62);
    } finally {
      await Promise.all(apps.map((app) => app.dispose()));
      probe.disconnect();
      redisServer.kill("SIGTERM");
    }
  });

  it("lets reports through, with a warning, when the store cannot be reached", async () => {
    const lines: { msg: string }[] = [];
    const log = pino(
      { level: "warn" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const store = {
      hit: async () => {
        throw new Error("connection refused");
      },
    };
    for (let i = 0; i <= INGEST_LIMITS.envelope; i++) {
      await checkIngestLimit({ store, kind: "envelope", address: "10.77.2.1", log });
    }
    expect(lines.map((line) => line.msg)).toContain(
      "monitoring: the rate limit store is unavailable",
    );
  });
});
