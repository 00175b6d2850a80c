/** GET /healthz: the process is up and the database answers. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";

export const healthRoutes = new Hono<AppEnv>().get("/healthz", async (c) => {
  const { database } = c.get("deps");
  try {
    await database.ping();
    return c.json({ status: "ok", database: database.kind });
  } catch (err) {
    c.get("log").warn({ err }, "health check: database did not answer");
    return c.json({ status: "unavailable", database: database.kind }, 503);
  }
});
