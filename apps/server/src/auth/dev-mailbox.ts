/**
 * GET /dev/mailbox (outside production only): the outbox's mail, newest first, so that a reset
 * or verification link can be followed on a laptop without an SMTP server. Every reset link is a
 * key to an account, so the page is shown only to a browser on the server's own machine: any
 * other client, and any request that came through a proxy, gets the ordinary 404 (issue 11).
 */
import { desc, schema } from "@lumen/db";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { AppEnv } from "../context.ts";
import { isLocalRequest } from "./client-ip.ts";

const LINK = /(https?:\/\/[^\s<]+)/g;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Escaped mail text with its links made clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(LINK, (url) => `<a href="${url}">${url}</a>`);
}

export const devMailboxRoutes = new Hono<AppEnv>().get("/dev/mailbox", async (c, next) => {
  // On to whatever else answers the path: the web app's not-found page, as for any unknown path.
  if (!isLocalRequest(c)) return next();
  const mails = await c
    .get("deps")
    .database.db.select()
    .from(schema.mailOutbox)
    .orderBy(desc(schema.mailOutbox.id))
    .limit(50);
  c.header("Cache-Control", "no-store");
  return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mailbox · development</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }
      article { border: 1px solid #ccc; border-radius: 0.5rem; margin: 1rem 0; padding: 1rem; }
      pre { white-space: pre-wrap; word-break: break-all; font: inherit; }
      @media (prefers-color-scheme: dark) { body { background: #0f172a; color: #e2e8f0; } a { color: #93c5fd; } }
    </style>
  </head>
  <body>
    <h1>Mailbox</h1>
    <p>Mail the server would have sent. Set SMTP_URL to send real mail; this page is shown only on the server's own machine, and never in production.</p>
    ${
      mails.length === 0
        ? html`<p>No mail yet.</p>`
        : mails.map(
            (mail) => html`<article>
              <h2>${mail.subject}</h2>
              <p>To: ${mail.to} · ${mail.createdAt.toISOString()}</p>
              <pre>${raw(linkify(mail.text))}</pre>
            </article>`,
          )
    }
  </body>
</html>`);
});
