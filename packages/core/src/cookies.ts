/**
 * Cookie lifetimes and attributes (spec sections 3, 5 and 9), and the check that an auth cookie's
 * lifetime is set and under two weeks.
 *
 * Units differ by design, as in the spec: the default cookie's max-age is in seconds (the
 * Set-Cookie attribute), the auth and session cookies' maxAge in milliseconds (cookie libraries'
 * options).
 */
import { z } from "./zod.ts";

/** 2 days, in seconds: the lifetime of the active-track and active-section cookies. */
export const DEFAULT_COOKIE_MAX_AGE_SECONDS = 172_800;

/** Attributes of the product's ordinary cookies (active track, active section per track). */
export const DEFAULT_COOKIE_OPTIONS = {
  maxAge: DEFAULT_COOKIE_MAX_AGE_SECONDS,
  sameSite: "lax",
  secure: true,
} as const;

/** One week, in milliseconds. */
export const AUTH_COOKIE_DEFAULT_MAX_AGE_MS = 604_800_000;

/** Two weeks, in milliseconds: an auth cookie's maxAge must be below this. */
export const AUTH_COOKIE_MAX_AGE_LIMIT_MS = 1_209_600_000;

export const AUTH_COOKIE_DEFAULTS = {
  httpOnly: true,
  path: "/",
  sameSite: "strict",
  secure: true,
  signed: true,
  overwrite: true,
  maxAge: AUTH_COOKIE_DEFAULT_MAX_AGE_MS,
} as const;

/**
 * 12 days, in milliseconds. The spec gives "10368e5 s (also noted as 1036800000)"; read as
 * seconds that is about 33 years and would break the two-week limit above, so it is taken as
 * milliseconds.
 */
export const SESSION_COOKIE_MAX_AGE_MS = 1_036_800_000;

/** The session cookie is signed and http-only (spec section 9). */
export const SESSION_COOKIE_OPTIONS = {
  ...AUTH_COOKIE_DEFAULTS,
  maxAge: SESSION_COOKIE_MAX_AGE_MS,
} as const;

export const COOKIE_MAX_AGE_REQUIRED = "The cookie maxAge must be set.";
export const COOKIE_MAX_AGE_TOO_LONG = `The cookie maxAge must be less than two weeks (${AUTH_COOKIE_MAX_AGE_LIMIT_MS} ms).`;
export const COOKIE_MAX_AGE_NOT_POSITIVE = "The cookie maxAge must be a positive number of ms.";

export const cookieMaxAgeSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? COOKIE_MAX_AGE_REQUIRED
        : COOKIE_MAX_AGE_NOT_POSITIVE,
  })
  .check(
    z.positive({ error: COOKIE_MAX_AGE_NOT_POSITIVE }),
    z.lt(AUTH_COOKIE_MAX_AGE_LIMIT_MS, { error: COOKIE_MAX_AGE_TOO_LONG }),
  );

export type CookieMaxAgeResult = { ok: true; maxAge: number } | { ok: false; error: string };

/** Spec section 5: "Cookie lifetime must be set and be under two weeks." */
export function validateCookieMaxAge(ms: unknown): CookieMaxAgeResult {
  const result = cookieMaxAgeSchema.safeParse(ms);
  if (result.success) return { ok: true, maxAge: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? COOKIE_MAX_AGE_NOT_POSITIVE };
}
