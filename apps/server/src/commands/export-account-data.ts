/**
 * Everything the server holds about one learner (GET /v1/me/export), read in one transaction so
 * the parts agree: the account, photo, settings, progress and its days, completions, coins,
 * active sections, saved files, visits, sessions, one-time codes, mail, analytics events and the
 * onboarding answers.
 * presenters/account-export.ts shapes the rows; secrets (password and token hashes) stay out.
 */
import { asc, type Db, eq, schema } from "@lumen/db";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { UserRow } from "../auth/users.ts";

export interface ExportAccountDataOptions {
  db: Db;
  limiter: RateLimiter;
  user: UserRow;
}

export async function exportAccountData({ db, limiter, user }: ExportAccountDataOptions) {
  await limiter.check("exportPerAccount", user.id);
  const id = user.id;
  return db.transaction(async (tx) => {
    // One query after another: a transaction is one connection, which runs one at a time.
    const photo = await tx.select().from(schema.userPhotos).where(eq(schema.userPhotos.userId, id));
    const settings = await tx
      .select()
      .from(schema.userSettings)
      .where(eq(schema.userSettings.userId, id));
    const progress = await tx
      .select()
      .from(schema.learnerProgress)
      .where(eq(schema.learnerProgress.userId, id));
    const days = await tx
      .select()
      .from(schema.progressDays)
      .where(eq(schema.progressDays.userId, id))
      .orderBy(asc(schema.progressDays.localDate));
    const completions = await tx
      .select()
      .from(schema.lessonCompletions)
      .where(eq(schema.lessonCompletions.userId, id))
      .orderBy(asc(schema.lessonCompletions.completedAt));
    const coins = await tx
      .select()
      .from(schema.coinLedger)
      .where(eq(schema.coinLedger.userId, id))
      .orderBy(asc(schema.coinLedger.id));
    const activeSections = await tx
      .select()
      .from(schema.activeSections)
      .where(eq(schema.activeSections.userId, id));
    const savedFiles = await tx
      .select()
      .from(schema.savedFiles)
      .where(eq(schema.savedFiles.userId, id))
      .orderBy(asc(schema.savedFiles.lessonId), asc(schema.savedFiles.name));
    const visits = await tx
      .select()
      .from(schema.userVisits)
      .where(eq(schema.userVisits.userId, id))
      .orderBy(asc(schema.userVisits.day));
    const sessions = await tx
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.userId, id))
      .orderBy(asc(schema.refreshTokens.createdAt));
    const actionCodes = await tx
      .select()
      .from(schema.actionCodes)
      .where(eq(schema.actionCodes.userId, id))
      .orderBy(asc(schema.actionCodes.createdAt));
    const mail = await tx
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.to, user.email))
      .orderBy(asc(schema.mailOutbox.id));
    const events = await tx
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.userId, id))
      .orderBy(asc(schema.analyticsEvents.id));
    // The onboarding chat's answers (issue 16).
    const onboarding = await tx
      .select()
      .from(schema.learnerOnboarding)
      .where(eq(schema.learnerOnboarding.userId, id));
    // {product} AI's conversations, every message and the learner's ratings (issue 16).
    const aiConversations = await tx
      .select()
      .from(schema.aiConversations)
      .where(eq(schema.aiConversations.userId, id))
      .orderBy(asc(schema.aiConversations.createdAt));
    const aiMessages = await tx
      .select()
      .from(schema.aiMessages)
      .where(eq(schema.aiMessages.userId, id))
      .orderBy(asc(schema.aiMessages.id));
    const aiRatings = await tx
      .select()
      .from(schema.aiRatings)
      .where(eq(schema.aiRatings.userId, id))
      .orderBy(asc(schema.aiRatings.messageId));
    return {
      user,
      photo: photo[0],
      settings: settings[0],
      progress: progress[0],
      days,
      completions,
      coins,
      activeSections,
      savedFiles,
      visits,
      sessions,
      actionCodes,
      mail,
      events,
      onboarding: onboarding[0],
      aiConversations,
      aiMessages,
      aiRatings,
    };
  });
}

export type AccountData = Awaited<ReturnType<typeof exportAccountData>>;
