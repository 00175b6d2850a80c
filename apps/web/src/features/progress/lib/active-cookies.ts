/**
 * The active track id and the active section per track, kept in cookies for 2 days, lax and
 * secure (spec sections 3 and 9). They let a reload land on the learner's place before the server
 * answers; the server's answer stays the authority and rewrites them. Logout clears them
 * (auth/logout-cleanup.ts, which owns the names).
 */
import { DEFAULT_COOKIE_OPTIONS } from "@lumen/core";
import {
  ACTIVE_SECTION_COOKIE_PREFIX,
  ACTIVE_TRACK_COOKIE,
} from "../../auth/lib/logout-cleanup.ts";

type CookieJar = Pick<Document, "cookie">;

const activeSectionCookie = (trackId: number) => `${ACTIVE_SECTION_COOKIE_PREFIX}${trackId}`;

/** A Set-Cookie-style string for document.cookie with the product's default attributes. */
export function cookieString(name: string, value: string): string {
  const { maxAge, sameSite, secure } = DEFAULT_COOKIE_OPTIONS;
  const site = sameSite.charAt(0).toUpperCase() + sameSite.slice(1);
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=${site}${secure ? "; Secure" : ""}`;
}

/** The value of one cookie in a `document.cookie` header, or undefined. */
export function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A whole number of at least `min`, or undefined: cookies are learner-editable input. */
function wholeNumber(value: string | undefined, min: number): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
}

export function readActiveTrack(jar: CookieJar = document): number | undefined {
  return wholeNumber(readCookie(jar.cookie, ACTIVE_TRACK_COOKIE), 1);
}

export function writeActiveTrack(trackId: number, jar: CookieJar = document): void {
  jar.cookie = cookieString(ACTIVE_TRACK_COOKIE, String(trackId));
}

export function readActiveSection(trackId: number, jar: CookieJar = document): number | undefined {
  return wholeNumber(readCookie(jar.cookie, activeSectionCookie(trackId)), 0);
}

export function writeActiveSection(
  trackId: number,
  sectionIndex: number,
  jar: CookieJar = document,
): void {
  jar.cookie = cookieString(activeSectionCookie(trackId), String(sectionIndex));
}
