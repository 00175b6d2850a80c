/** Start-up and graceful shutdown of the real HTTP server. */
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";
import { type RunningServer, startServer } from "./server.ts";

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const env = () =>
  parseEnv({
    PORT: "0",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    DATABASE_URL: process.env.DATABASE_URL,
  });

describe("startServer", () => {
  it("migrates twice without harm (a restart)", async () => {
    running = await startServer(env());
    await running.database.migrate();
    const res = await fetch(`${running.url}/healthz`);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("on stop, lets an in-flight request finish before closing", async () => {
    running = await startServer(env());
    const body = JSON.stringify({
      events: [{ name: "pageview", at: "2026-11-22T10:00:00Z", anonymousId: "a", properties: {} }],
    });
    const url = new URL(`${running.url}/v1/events`);
    let req!: ReturnType<typeof request>;
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { "content-length": body.length },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => {
            text += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      // Send half the body; once the server is answering it, stop the server, then send the rest.
      req.write(body.slice(0, 10));
    });
    const server = running;
    await expect.poll(() => server.inFlight()).toBe(1);
    const stopped = server.stop();
    running = undefined;
    req.end(body.slice(10));
    const result = await answered;
    await stopped;
    expect(result.status).toBe(202);
    expect(JSON.parse(result.text)).toEqual({ accepted: 1 });
  });
});
