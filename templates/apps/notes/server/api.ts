/**
 * The app's API: every request under /api comes here. Add routes to `routes`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "sql.js";
import { change, rows } from "./db.ts";

type Handler = (db: Database, body: unknown, id: number) => unknown;

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

export async function handleApi(
  db: Database,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://app");
  const match = /^(.*)\/(\d+)$/.exec(url.pathname);
  const handler =
    routes[`${req.method} ${url.pathname}`] ??
    (match ? routes[`${req.method} ${match[1]}/:id`] : undefined);
  if (!handler) return send(res, 404, { error: "Not found" });
  try {
    send(res, 200, handler(db, await readJson(req), Number(match?.[2] ?? 0)));
  } catch (error) {
    send(res, 400, { error: error instanceof Error ? error.message : "Bad request" });
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 100_000) throw new Error("Request too large");
  }
  return text ? JSON.parse(text) : null;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
