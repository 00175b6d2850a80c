import { describe, expect, it } from "vitest";
import {
  AUTH_COOKIE_DEFAULTS,
  AUTH_COOKIE_MAX_AGE_LIMIT_MS,
  COOKIE_MAX_AGE_NOT_POSITIVE,
  COOKIE_MAX_AGE_REQUIRED,
  COOKIE_MAX_AGE_TOO_LONG,
  DEFAULT_COOKIE_OPTIONS,
  SESSION_COOKIE_MAX_AGE_MS,
  SESSION_COOKIE_OPTIONS,
  validateCookieMaxAge,
} from "./cookies.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("cookie constants (spec section 9)", () => {
  it('"Default cookie max-age is 172800 s (2 days), with lax and secure"', () => {
    expect(DEFAULT_COOKIE_OPTIONS).toEqual({ maxAge: 172800, sameSite: "lax", secure: true });
    expect(DEFAULT_COOKIE_OPTIONS.maxAge * 1000).toBe(2 * DAY_MS);
  });

  it('"Auth cookie defaults: httpOnly, path /, sameSite strict, secure, signed, overwrite, maxAge 604800000 ms (one week)"', () => {
    expect(AUTH_COOKIE_DEFAULTS).toEqual({
      httpOnly: true,
      path: "/",
      sameSite: "strict",
      secure: true,
      signed: true,
      overwrite: true,
      maxAge: 604800000,
    });
    expect(AUTH_COOKIE_DEFAULTS.maxAge).toBe(7 * DAY_MS);
  });

  it('"the maximum allowed is 1209600000 ms (two weeks)"', () => {
    expect(AUTH_COOKIE_MAX_AGE_LIMIT_MS).toBe(1209600000);
    expect(AUTH_COOKIE_MAX_AGE_LIMIT_MS).toBe(14 * DAY_MS);
  });

  it('"Session cookie: signed and http-only; its max age is given as 10368e5" read as 12 days in ms', () => {
    expect(SESSION_COOKIE_MAX_AGE_MS).toBe(10368e5);
    expect(SESSION_COOKIE_MAX_AGE_MS).toBe(1036800000);
    expect(SESSION_COOKIE_MAX_AGE_MS).toBe(12 * DAY_MS);
    expect(SESSION_COOKIE_OPTIONS).toMatchObject({ signed: true, httpOnly: true });
    expect(validateCookieMaxAge(SESSION_COOKIE_OPTIONS.maxAge).ok).toBe(true);
  });
});

describe("validateCookieMaxAge (spec section 5: Cookie lifetime must be set and be under two weeks)", () => {
  it("accepts the one-week default and anything under two weeks", () => {
    expect(validateCookieMaxAge(604800000)).toEqual({ ok: true, maxAge: 604800000 });
    expect(validateCookieMaxAge(1209600000 - 1)).toEqual({ ok: true, maxAge: 1209599999 });
  });

  it("refuses an unset lifetime", () => {
    expect(validateCookieMaxAge(undefined)).toEqual({ ok: false, error: COOKIE_MAX_AGE_REQUIRED });
    expect(validateCookieMaxAge(null)).toEqual({ ok: false, error: COOKIE_MAX_AGE_REQUIRED });
  });

  it("refuses exactly two weeks and longer", () => {
    expect(validateCookieMaxAge(1209600000)).toEqual({ ok: false, error: COOKIE_MAX_AGE_TOO_LONG });
    expect(validateCookieMaxAge(30 * DAY_MS)).toEqual({
      ok: false,
      error: COOKIE_MAX_AGE_TOO_LONG,
    });
    expect(COOKIE_MAX_AGE_TOO_LONG).toContain("two weeks (1209600000 ms)");
  });

  it.each([0, -1, Number.NaN, "604800000"])(
    "refuses %j, which is not a positive number",
    (value) => {
      expect(validateCookieMaxAge(value)).toEqual({
        ok: false,
        error: COOKIE_MAX_AGE_NOT_POSITIVE,
      });
    },
  );
});
