/**
 * Starts and stops the HTTP server around the app: open and migrate the database, listen, and
 * on SIGTERM stop taking connections, let in-flight requests finish, then close the database.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { type Database, openDatabase } from "@lumen/db";
import pino, { type Logger } from "pino";
import { createApp } from "./app.ts";
import { CatalogStore } from "./catalog/catalog-store.ts";
import { publishContent } from "./catalog/publish-content.ts";
import { createCheckService } from "./checks/check-service.ts";
import { seedDemoAnalytics } from "./commands/seed-demo-analytics.ts";
import type { Env } from "./env.ts";
import { libraryIndexFor } from "./library/library-index.ts";
import { createAppProxy } from "./machines/app-proxy.ts";
import { createLogSocket } from "./machines/log-socket.ts";
import { seedDemoAccounts } from "./seed/demo-accounts.ts";
import { seedDemoEvents } from "./seed/demo-events.ts";

export interface RunningServer {
  url: string;
  database: Database;
  /** Requests being answered right now. */
  inFlight(): number;
  logger: Logger;
  stop(): Promise<void>;
}

export async function startServer(
  env: Env,
  options: { webDistDir?: string } = {},
): Promise<RunningServer> {
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "lumen" } });
  if (!env.DATABASE_URL && !env.DATA_DIR.startsWith("memory://")) {
    mkdirSync(env.DATA_DIR, { recursive: true });
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  if (env.SEED_DEMO ?? (!env.DATABASE_URL && env.NODE_ENV !== "production")) {
    const created = await seedDemoAccounts({ db: database.db });
    if (created.length > 0) logger.info({ accounts: created }, "demo accounts created");
    const events = await seedDemoEvents({ db: database.db });
    if (events > 0) logger.info({ events }, "demo live events created");
  }
  if (env.SEED_DEMO_ANALYTICS && env.NODE_ENV !== "production") {
    const events = await seedDemoAnalytics({ db: database.db, now: new Date() });
    if (events > 0) logger.info({ events }, "demo analytics generated");
  }
  const published = await publishContent({ db: database.db, contentDir: env.CONTENT_DIR, logger });
  const catalog = new CatalogStore(database.db, published);
  // The library's search index, built once for the published catalog (issue 17).
  libraryIndexFor(catalog.latest.catalog);

  // Learn now whether code can be checked here: the log says what is missing, and a server that
  // requires the sandbox refuses to start without it (ADR 0018).
  const checks = createCheckService({ env, logger });
  try {
    await checks.start();
  } catch (error) {
    await checks.dispose();
    await database.close();
    throw error;
  }
  const app = createApp({
    database,
    env,
    logger,
    catalog,
    checks,
    webDistDir: options.webDistDir ?? env.WEB_DIST_DIR,
  });
  let inFlight = 0;
  const honoListener = getRequestListener(async (request, bindings) => {
    inFlight++;
    try {
      return await app.fetch(request, bindings);
    } finally {
      inFlight--;
    }
  });
  const displayHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const ownOrigin = () =>
    env.PUBLIC_URL
      ? new URL(env.PUBLIC_URL).origin
      : `http://${displayHost.includes(":") ? `[${displayHost}]` : displayHost}:${(server.address() as AddressInfo).port}`;
  // Builder apps (issue 18) answer at their own origins on this same port; the product's requests
  // go to Hono, and log streams upgrade to WebSockets.
  const appProxy = createAppProxy({
    db: database.db,
    machines: app.deps.machines,
    logger,
    get productOrigin() {
      return ownOrigin();
    },
  });
  const logSocket = createLogSocket({ machines: app.deps.machines, logger });
  const server = createServer((req, res) => {
    if (appProxy.handle(req, res)) return;
    void honoListener(req, res);
  });
  server.on("upgrade", (req, socket, head) => {
    if (appProxy.handleUpgrade(req, socket, head)) return;
    if (!logSocket.handleUpgrade(req, socket, head)) socket.destroy();
  });
  server.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  app.deps.machines.listeningOn((server.address() as AddressInfo).port);
  // Billing events a crash left are finished now, then looked for every minute.
  app.startBackgroundWork();
  const { port } = server.address() as AddressInfo;
  const url = `http://${displayHost.includes(":") ? `[${displayHost}]` : displayHost}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      logger.info({ inFlight }, "shutting down: finishing in-flight requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      const timer = setTimeout(() => {
        logger.warn("shutdown timeout: closing remaining connections");
        if ("closeAllConnections" in server) server.closeAllConnections();
      }, env.SHUTDOWN_TIMEOUT_MS);
      logSocket.close();
      await closed;
      clearTimeout(timer);
      await app.dispose();
      await database.close();
      logger.info("stopped");
    })();
    return stopping;
  };
  return { url, database, logger, stop, inFlight: () => inFlight };
}
