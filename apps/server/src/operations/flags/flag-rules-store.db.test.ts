/**
 * The flag rules cache (issue 14): two server processes on one database agree within the cache's
 * time, and at once when Redis carries the change (a redis-server started for this file). Time
 * here is a number the test moves, never the wall clock.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAGS_CHANGED_CHANNEL, FlagRulesStore } from "./flag-rules-store.ts";

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

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("FlagRulesStore", () => {
  it("serves its cached read until cacheMs has passed, then reads the change another made", async () => {
    let now = 1_000;
    const logger = pino({ level: "silent" });
    const mine = new FlagRulesStore({ db: database.db, logger, cacheMs: 5_000, now: () => now });
    const theirs = new FlagRulesStore({ db: database.db, logger, cacheMs: 5_000, now: () => now });
    expect(await mine.rules()).toEqual({});
    expect(await theirs.rules()).toEqual({});

    await database.db
      .insert(schema.featureFlagRules)
      .values({ name: "exampleFlag", everyone: true });
    await theirs.changed("exampleFlag");
    expect((await theirs.rules()).exampleFlag?.everyone).toBe(true);
    // The other process still trusts its read…
    now += 4_999;
    expect(await mine.rules()).toEqual({});
    // …until it is older than cacheMs.
    now += 1;
    expect(await mine.rules()).toEqual({
      exampleFlag: {
        everyone: true,
        roles: [],
        userIds: [],
        percentage: null,
        startsAt: null,
        value: null,
      },
    });
    await Promise.all([mine.close(), theirs.close()]);
  });
});

describe("FlagRulesStore with Redis", () => {
  it("drops every process's cache at once when one announces a change", async () => {
    await database.db.delete(schema.featureFlagRules);
    const port = await freePort();
    const redisServer = spawn(
      "redis-server",
      ["--port", String(port), "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const probe = new Redis(port, "127.0.0.1");
    probe.on("error", () => {});
    const logger = pino({ level: "silent" });
    const redisUrl = `redis://127.0.0.1:${port}`;
    // A cache that would otherwise hold for an hour, and a clock that never moves.
    const options = { db: database.db, logger, cacheMs: 3_600_000, redisUrl, now: () => 0 };
    const mine = new FlagRulesStore(options);
    const theirs = new FlagRulesStore(options);
    try {
      await expect.poll(() => probe.ping().catch(() => "down"), { timeout: 10_000 }).toBe("PONG");
      await expect
        .poll(async () => (await probe.pubsub("NUMSUB", FLAGS_CHANGED_CHANNEL))[1], {
          timeout: 10_000,
        })
        .toBe(2);
      expect(await mine.rules()).toEqual({});
      await database.db
        .insert(schema.featureFlagRules)
        .values({ name: "enableAgent2", percentage: 40 });
      await theirs.changed("enableAgent2");
      await expect
        .poll(async () => (await mine.rules()).enableAgent2?.percentage, { timeout: 10_000 })
        .toBe(40);
      await database.db
        .delete(schema.featureFlagRules)
        .where(eq(schema.featureFlagRules.name, "enableAgent2"));
    } finally {
      await Promise.all([mine.close(), theirs.close()]);
      probe.disconnect();
      redisServer.kill("SIGTERM");
    }
  });
});
