/**
 * What an account accepts (spec section 5), defined once for the server's commands and the web
 * app's forms (issue 12): an email address, a password of at least 6 characters counted as the
 * learner sees them (code points, so an emoji is one), and a display name of at most 100.
 */
import { z } from "./zod.ts";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_DISPLAY_NAME_LENGTH = 100;

const emailShape = z.email();

/** The address as an account stores it: trimmed and lower-cased. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

export function isValidEmail(email: string): boolean {
  const address = normalisedEmail(email);
  return address.length <= MAX_EMAIL_LENGTH && emailShape.safeParse(address).success;
}

export function isStrongEnoughPassword(password: string): boolean {
  return [...password].length >= MIN_PASSWORD_LENGTH;
}
