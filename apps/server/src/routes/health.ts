/**
 * GET /healthz: the process is up and the database answers, and how code checks run here: in
 * the sandbox, or not at all (completions recorded unverified), with what is missing (ADR 0018).
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";

export const healthRoutes = new Hono<AppEnv>().get("/healthz", async (c) => {
  const { database, checks } = c.get("deps");
  const status = checks.status();
  const sandbox = status?.sandbox;
  const details = status && {
    checks: {
      mode: status.mode,
      sandbox: sandbox?.available
        ? { mechanism: sandbox.mechanism, network: sandbox.network, user: sandbox.user }
        : { missing: sandbox?.available === false ? sandbox.missing : "unknown" },
      queue: status.queue,
      running: status.running,
      waiting: status.waiting,
    },
  };
  try {
    await database.ping();
    return c.json({ status: "ok", database: database.kind, ...details });
  } catch (err) {
    c.get("log").warn({ err }, "health check: database did not answer");
    return c.json({ status: "unavailable", database: database.kind, ...details }, 503);
  }
});
