/**
 * The app's API: every request under /api comes here. Add routes to `routes`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "sql.js";
import { change, rows } from "./db.ts";
import { type Handler, serveRoutes } from "./http.ts";

export function migrate(db: Database): void {
  change(db, "CREATE TABLE IF NOT EXISTS visits (id INTEGER PRIMARY KEY, at TEXT NOT NULL)");
}

const routes: Record<string, Handler> = {
  "POST /api/health": (db) => {
    change(db, "INSERT INTO visits (at) VALUES (?)", [new Date().toISOString()]);
    const [count] = rows<{ n: number }>(db, "SELECT COUNT(*) AS n FROM visits");
    return { ok: true, visits: count?.n ?? 0 };
  },
};

export function handleApi(db: Database, req: IncomingMessage, res: ServerResponse) {
  return serveRoutes(routes, db, req, res);
}
