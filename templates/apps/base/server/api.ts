/**
 * The app's API: every request under /api comes here. Add routes to `routes`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "sql.js";
import { change, rows } from "./db.ts";

type Handler = (db: Database, body: unknown) => unknown;

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

export async function handleApi(
  db: Database,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://app");
  const handler = routes[`${req.method} ${url.pathname}`];
  if (!handler) return send(res, 404, { error: "Not found" });
  try {
    send(res, 200, handler(db, await readJson(req)));
  } catch (error) {
    console.error(error);
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
