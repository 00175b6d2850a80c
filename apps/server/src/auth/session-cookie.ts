/**
 * The product's session cookie (spec sections 4 and 9): `/api/login` sets it after verifying an
 * ID token, `/api/logout` clears it, and the web app reads it to guard protected pages. It holds
 * the user id and the account's session version, signed with the first of COOKIE_KEYS and accepted under
 * any of them, so keys rotate without signing everyone out.
 */
import { randomBytes } from "node:crypto";
import { SESSION_COOKIE_OPTIONS, validateCookieMaxAge } from "@lumen/core";
import { type Db, schema } from "@lumen/db";
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { SESSION_COOKIE_NAME } from "./auth-options.ts";

export { SESSION_COOKIE_NAME };

const sessionMaxAge = validateCookieMaxAge(SESSION_COOKIE_OPTIONS.maxAge);
if (!sessionMaxAge.ok) throw new Error(`Invalid session cookie: ${sessionMaxAge.error}`);

const cookieOptions = {
  httpOnly: SESSION_COOKIE_OPTIONS.httpOnly,
  path: SESSION_COOKIE_OPTIONS.path,
  sameSite: "Strict",
  secure: SESSION_COOKIE_OPTIONS.secure,
  // Set-Cookie's Max-Age is in seconds; the product's constant is in milliseconds.
  maxAge: Math.floor(sessionMaxAge.maxAge / 1000),
} as const;

export interface SessionPayload {
  userId: string;
  sessionVersion: number;
}

// biome-ignore lint/suspicious/noExplicitAny: works with any route's variable map.
type AnyContext = Context<any>;

export async function setSessionCookie(
  c: AnyContext,
  keys: readonly string[],
  session: SessionPayload,
) {
  const [signingKey] = keys;
  if (!signingKey) throw new Error("No cookie key to sign the session with.");
  dropEarlierSessionCookie(c);
  await setSignedCookie(
    c,
    SESSION_COOKIE_NAME,
    `${session.userId}.${session.sessionVersion}`,
    signingKey,
    cookieOptions,
  );
}

/** "overwrite": one Set-Cookie for the session per answer, whatever was set earlier in it. */
function dropEarlierSessionCookie(c: AnyContext) {
  const kept = c.res.headers
    .getSetCookie()
    .filter((line) => !line.startsWith(`${SESSION_COOKIE_NAME}=`));
  c.res.headers.delete("Set-Cookie");
  for (const line of kept) c.res.headers.append("Set-Cookie", line);
}

export function clearSessionCookie(c: AnyContext) {
  dropEarlierSessionCookie(c);
  deleteCookie(c, SESSION_COOKIE_NAME, {
    path: "/",
    secure: true,
    httpOnly: true,
    sameSite: "Strict",
  });
}

/** The cookie's payload when it is present and signed by one of the keys. */
export async function readSessionCookie(
  c: AnyContext,
  keys: readonly string[],
): Promise<SessionPayload | null> {
  for (const key of keys) {
    const value = await getSignedCookie(c, key, SESSION_COOKIE_NAME);
    if (value === undefined) return null;
    if (value === false) continue;
    const match = /^([0-9a-f-]{36})\.(\d{1,9})$/.exec(value);
    if (!match?.[1] || !match[2]) return null;
    return { userId: match[1], sessionVersion: Number(match[2]) };
  }
  return null;
}

/**
 * COOKIE_KEYS when set; otherwise (a laptop: production refuses to start without them) a key
 * generated once and kept in the database, so sessions survive a restart.
 */
export async function loadCookieKeys(
  db: Db,
  configured: readonly string[] | undefined,
): Promise<string[]> {
  if (configured && configured.length > 0) return [...configured];
  await db
    .insert(schema.serverSecrets)
    .values({ name: "cookie_key", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const rows = await db.select().from(schema.serverSecrets);
  const row = rows.find((r) => r.name === "cookie_key");
  if (!row) throw new Error("The generated cookie key could not be stored.");
  return [row.value];
}
