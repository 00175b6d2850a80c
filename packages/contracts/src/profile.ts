/**
 * The profile and account API (issue 13): the learner's name and photo, email and password
 * changes, email verification, their stats, the export of their data and deleting the account.
 * Email and password formats are checked by the server's own rules (account.ts) so that they
 * answer with the identity provider's codes; these schemas only bound the input.
 */
import { MAX_DISPLAY_NAME_LENGTH } from "./account.ts";
import { z } from "./zod.ts";

const password = z.string().check(z.maxLength(1024));
const email = z.string().check(z.maxLength(320));

/** `PATCH /v1/me`: the display name; an empty or blank name removes it. */
export const profileUpdateBodySchema = z.strictObject({
  displayName: z.nullable(z.string().check(z.maxLength(MAX_DISPLAY_NAME_LENGTH))),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** A profile photo: PNG, JPEG or WebP, recognised by its first bytes, at most 1 MB. */
export const PHOTO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const MAX_PHOTO_BYTES = 1024 * 1024;

/**
 * The photo's type from its magic bytes, whatever the request claimed: a file that is none of
 * the three (an SVG, an HTML page renamed .png) answers undefined.
 */
export function photoTypeOf(bytes: Uint8Array): PhotoType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  // RIFF....WEBP
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    [0x57, 0x45, 0x42, 0x50].every((b, i) => bytes[8 + i] === b)
  )
    return "image/webp";
  return undefined;
}

/** `POST /v1/me/password`: the current password proves it is the learner. */
export const passwordChangeBodySchema = z.strictObject({
  currentPassword: password,
  newPassword: password,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** `POST /v1/me/email`: mails a link to the new address; the change waits for it. */
export const emailChangeBodySchema = z.strictObject({
  newEmail: email,
  currentPassword: password,
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

export const emailChangeAnswerSchema = z.object({ sentTo: z.string() });
export type EmailChangeAnswer = z.infer<typeof emailChangeAnswerSchema>;

/** `POST /v1/auth/verify-email`: whether a mail went out (false: already verified). */
export const verifyEmailAnswerSchema = z.object({ sent: z.boolean() });
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswerSchema>;

/** The link a code came in: `/web/verify-email#mode=…&code=…`. */
export const ACTION_MODES = ["verifyEmail", "changeEmail"] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

/** `POST /v1/auth/email-change/confirm`. */
export const actionCodeBodySchema = z.strictObject({
  code: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type ActionCodeBody = z.infer<typeof actionCodeBodySchema>;

/**
 * `DELETE /v1/me`: the learner types their address to confirm, and gives their password, so that
 * a borrowed or stolen session alone cannot end an account.
 */
export const deleteAccountBodySchema = z.strictObject({
  confirmEmail: email,
  password,
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

const count = z.number().check(z.int(), z.nonnegative());
const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** `GET /v1/me/stats`: the profile's figures. */
export const learnerStatsSchema = z.object({
  totals: z.object({ xp: count, lessons: count, coins: count }),
  streak: z.object({
    current: count,
    longest: count,
    /** Every streak of two days or more, the latest first, at most 10. */
    history: z.array(z.object({ start: date, end: date, days: count })),
  }),
  /** XP per week (Monday to Sunday, in the learner's zone), the oldest first, this week last. */
  weeks: z.array(z.object({ weekStart: date, xp: count })),
  /** Every track the learner started, with how far they are. */
  tracks: z.array(
    z.object({
      trackId: z.number().check(z.int(), z.positive()),
      title: z.string(),
      lessonsDone: count,
      lessonCount: count,
      finished: z.boolean(),
    }),
  ),
});
export type LearnerStats = z.infer<typeof learnerStatsSchema>;

/** How many weeks of XP the stats answer. */
export const STATS_WEEKS = 12;

/** What `GET /v1/me/export` names its format; raised when the shape changes. */
export const EXPORT_FORMAT = "lumen-account-export/1";
