/**
 * The app's API: every request under /api comes here. Add routes to `routes`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "sql.js";
import { change, rows } from "./db.ts";
import { type Handler, serveRoutes } from "./http.ts";

export function migrate(db: Database): void {
  change(db, "CREATE TABLE IF NOT EXISTS signups (email TEXT PRIMARY KEY, at TEXT NOT NULL)");
}

const routes: Record<string, Handler> = {
  "POST /api/signups": (db, body) => {
    const email = (body as { email?: unknown } | null)?.email;
    if (typeof email !== "string" || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw new Error("Enter an email address like name@example.com.");
    }
    change(db, "INSERT OR IGNORE INTO signups (email, at) VALUES (?, ?)", [
      email.toLowerCase(),
      new Date().toISOString(),
    ]);
    const [count] = rows<{ n: number }>(db, "SELECT COUNT(*) AS n FROM signups");
    return { count: count?.n ?? 0 };
  },
};

export function handleApi(db: Database, req: IncomingMessage, res: ServerResponse) {
  return serveRoutes(routes, db, req, res);
}
