/**
 * The app's API: every request under /api comes here. Add routes to `routes`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "sql.js";
import { change, rows } from "./db.ts";
import { type Handler, serveRoutes } from "./http.ts";

export function migrate(db: Database): void {
  change(
    db,
    "CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL, created_at TEXT NOT NULL)",
  );
}

function noteText(body: unknown): string {
  const text = (body as { text?: unknown } | null)?.text;
  if (typeof text !== "string" || text.trim() === "") throw new Error("Write something first.");
  if (text.length > 2000) throw new Error("Notes can be at most 2000 characters.");
  return text.trim();
}

const routes: Record<string, Handler> = {
  "GET /api/notes": (db) =>
    rows(db, "SELECT id, text, created_at AS createdAt FROM notes ORDER BY id DESC"),
  "POST /api/notes": (db, body) => {
    change(db, "INSERT INTO notes (text, created_at) VALUES (?, ?)", [
      noteText(body),
      new Date().toISOString(),
    ]);
    return rows(
      db,
      "SELECT id, text, created_at AS createdAt FROM notes ORDER BY id DESC LIMIT 1",
    )[0];
  },
  "DELETE /api/notes/:id": (db, _body, id) => {
    change(db, "DELETE FROM notes WHERE id = ?", [id]);
    return { deleted: id };
  },
};

export function handleApi(db: Database, req: IncomingMessage, res: ServerResponse) {
  return serveRoutes(routes, db, req, res);
}
