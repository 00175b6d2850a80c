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

/** The user as the API shows it (spec section 3): `/v1/me` and the `user` of a sign-in. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  tenantId: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  photoURL: z.nullable(z.string()),
  claims: z.object({ roles: z.array(z.string()) }),
});
export type User = z.infer<typeof userSchema>;

/** A session's tokens: `POST /v1/auth/token` answers these. */
export const tokensSchema = z.object({ idToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

/** `POST /v1/auth/signup` and `/v1/auth/signin`: the tokens and the user. */
export const signedInSchema = z.extend(tokensSchema, { user: userSchema });
export type SignedIn = z.infer<typeof signedInSchema>;
