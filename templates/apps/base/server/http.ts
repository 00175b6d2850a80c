/**
 * The API's plumbing, shared by every app: a table of routes ("METHOD /api/path", with a final
 * "/:id" for a number), the request's JSON body (100 kB at most) and JSON answers. An error thrown
 * by a route is its 400 answer.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "sql.js";

export type Handler = (db: Database, body: unknown, id: number) => unknown;

export async function serveRoutes(
  routes: Record<string, Handler>,
  db: Database,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://app");
  const withId = /^(.*)\/(\d+)$/.exec(url.pathname);
  const handler =
    routes[`${req.method} ${url.pathname}`] ??
    (withId ? routes[`${req.method} ${withId[1]}/:id`] : undefined);
  if (!handler) return send(res, 404, { error: "Not found" });
  try {
    send(res, 200, handler(db, await readJson(req), Number(withId?.[2] ?? 0)));
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
