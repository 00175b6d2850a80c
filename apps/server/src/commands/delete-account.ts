/**
 * Deletes the signed-in learner's account (DELETE /v1/me) after they typed their address and gave
 * their password. One transaction removes the account and everything tied to it: the database
 * cascades from the user row to their progress, completions, coins, saved files, settings, photo,
 * visits, one-time codes and refresh tokens (so every session ends, on every device), and the
 * rows that name them without a foreign key (analytics events, mail, rate-limit counters) go too.
 * The address is free to register again at once. Where the identity provider holds the password
 * (Firebase Authentication, ADR 0059), the account goes at the provider first, then here.
 */
import { normalisedEmail } from "@lumen/contracts";
import { type Db, eq, inArray, or, schema, sql } from "@lumen/db";
import { checkCurrentPassword } from "../auth/current-password.ts";
import type { IdentityProvider } from "../auth/identity-provider.ts";
import { RATE_LIMITS, type RateLimiter } from "../auth/rate-limit.ts";
import type { UserRow } from "../auth/users.ts";
import { errors } from "../errors.ts";

export interface DeleteAccountOptions {
  db: Db;
  limiter: RateLimiter;
  user: UserRow;
  confirmEmail: string;
  password: string;
  /** The configured provider: it checks the passwords it holds and removes its accounts. */
  identity?: IdentityProvider;
}

export async function deleteAccount(options: DeleteAccountOptions): Promise<void> {
  const { db, user } = options;
  if (normalisedEmail(options.confirmEmail) !== user.email) {
    throw errors.validation("confirmEmail: type your account's email address to confirm");
  }
  const held = await checkCurrentPassword({
    limiter: options.limiter,
    user,
    password: options.password,
    ...(options.identity ? { identity: options.identity } : {}),
  });
  // Nothing is gone here if the provider refuses; the account's way in is gone before its data.
  await held?.deleteAccount();
  // The database rate-limit store keys counters by rule and subject (auth/rate-limit.ts).
  const limitKeys = Object.keys(RATE_LIMITS).flatMap((name) => [
    `${name}:${user.email}`,
    `${name}:${user.id}`,
    `${name}:verify:${user.email}`,
  ]);
  await db.transaction(async (tx) => {
    await tx.delete(schema.analyticsEvents).where(eq(schema.analyticsEvents.userId, user.id));
    // The daily rollups name a signed-in learner by user id (ADRs 0042, 0048).
    await tx.delete(schema.analyticsActorDays).where(eq(schema.analyticsActorDays.actor, user.id));
    await tx
      .delete(schema.analyticsActorTrackDays)
      .where(eq(schema.analyticsActorTrackDays.actor, user.id));
    await tx.delete(schema.mailOutbox).where(eq(schema.mailOutbox.to, user.email));
    await tx
      .delete(schema.rateLimitBuckets)
      .where(
        or(
          inArray(schema.rateLimitBuckets.key, limitKeys),
          sql`starts_with(${schema.rateLimitBuckets.key}, ${`signInPerAccountAndIp:${user.email}|`})`,
        ),
      );
    const deleted = await tx
      .delete(schema.users)
      .where(eq(schema.users.id, user.id))
      .returning({ id: schema.users.id });
    if (deleted.length === 0) throw errors.notFound("This account");
  });
}
