/**
 * Rate-limit stores: the database one (PGlite or PostgreSQL), and Redis through a real
 * redis-server started for this file, both shared by two limiters as two processes would be.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthError } from "./auth-error.ts";
import {
  createRateLimiter,
  databaseRateLimitStore,
  RATE_LIMITS,
  redisRateLimitStore,
} from "./rate-limit.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function exceedOnce(check: (i: number) => Promise<void>, limit: number) {
  const outcomes: string[] = [];
  for (let i = 0; i <= limit; i++) {
    outcomes.push(
      await check(i).then(
        () => "ok",
        (e: unknown) => (e instanceof AuthError ? e.code : "other"),
      ),
    );
  }
  return outcomes;
}

describe("the database store", () => {
  it("holds the limit across two limiters sharing the database, per subject", async () => {
    const a = createRateLimiter(databaseRateLimitStore(database.db));
    const b = createRateLimiter(databaseRateLimitStore(database.db));
    const limit = RATE_LIMITS.resetPerAccount.limit;
    const outcomes = await exceedOnce(
      (i) => (i % 2 ? a : b).check("resetPerAccount", "x@example.com"),
      limit,
    );
    expect(outcomes).toEqual([...Array(limit).fill("ok"), "auth/too-many-requests"]);
    // Counted case-insensitively, and another subject has its own bucket.
    await expect(a.check("resetPerAccount", "X@EXAMPLE.COM")).rejects.toThrow(AuthError);
    await expect(a.check("resetPerAccount", "y@example.com")).resolves.toBeUndefined();
  });

  it("starts a new window once the old one has passed", async () => {
    const store = databaseRateLimitStore(database.db);
    expect(await store.hit("window-test", 1)).toBe(1);
    await expect.poll(async () => store.hit("window-test", 60_000), { interval: 5 }).toBe(1);
  });
});

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

describe("the Redis store", () => {
  it("holds the limit across two connections", async () => {
    const port = await freePort();
    const redisServer = spawn(
      "redis-server",
      ["--port", String(port), "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    const clients = [new Redis(port, "127.0.0.1"), new Redis(port, "127.0.0.1")];
    // Refused connections while the server starts are expected; the poll below waits them out.
    for (const client of clients) client.on("error", () => {});
    try {
      await expect
        .poll(() => clients[0]?.ping().catch(() => "down"), { timeout: 10_000 })
        .toBe("PONG");
      const [a, b] = clients.map((client) => createRateLimiter(redisRateLimitStore(client)));
      const limit = RATE_LIMITS.signUpPerIp.limit;
      const outcomes = await exceedOnce(
        (i) => (i % 2 ? a! : b!).check("signUpPerIp", "10.1.1.1"),
        limit,
      );
      expect(outcomes).toEqual([...Array(limit).fill("ok"), "auth/too-many-requests"]);
      const ttl = await clients[0]?.pttl("lumen:rl:signUpPerIp:10.1.1.1");
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(RATE_LIMITS.signUpPerIp.windowMs);
    } finally {
      for (const client of clients) client.disconnect();
      redisServer.kill("SIGTERM");
    }
  });
});
