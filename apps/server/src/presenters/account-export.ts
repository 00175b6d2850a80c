/**
 * The learner's data export (GET /v1/me/export) as one JSON document: every row we hold about
 * them, in the API's words, with dates as ISO strings. What would let someone else into the
 * account (the password hash, refresh-token and code hashes, the links in mails) is left out;
 * that it exists is said instead.
 */
import { EXPORT_FORMAT, validSettings } from "@lumen/contracts";
import type { AccountData } from "../commands/export-account-data.ts";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function presentAccountExport(data: AccountData, exportedAt: Date) {
  const { user } = data;
  const balance = data.coins.reduce((sum, row) => sum + row.amount, 0);
  return {
    format: EXPORT_FORMAT,
    exportedAt: exportedAt.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      displayName: user.displayName,
      photoURL: user.photoUrl,
      phoneNumber: user.phoneNumber,
      tenantId: user.tenantId,
      roles: user.roles,
      disabled: user.disabled,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      password: "set (stored only as a salted scrypt hash, not included)",
    },
    photo: data.photo
      ? {
          contentType: data.photo.contentType,
          bytes: data.photo.bytes.byteLength,
          base64: Buffer.from(data.photo.bytes).toString("base64"),
          uploadedAt: iso(data.photo.createdAt),
        }
      : null,
    settings: {
      values: validSettings(data.settings?.settings),
      updatedAt: iso(data.settings?.updatedAt),
    },
    progress: data.progress
      ? {
          dailyGoalXp: data.progress.dailyGoalXp,
          timeZone: data.progress.timeZone,
          streakFreezes: data.progress.freezes,
          activeTrackId: data.progress.activeTrackId,
          updatedAt: iso(data.progress.updatedAt),
        }
      : null,
    days: data.days.map((d) => ({
      date: d.localDate,
      xp: d.xp,
      goalMet: d.goalMet,
      frozen: d.frozen,
      timeZone: d.timeZone,
    })),
    completions: data.completions.map((c) => ({
      lessonId: c.lessonId,
      trackId: c.trackId,
      tutorialId: c.tutorialId,
      chapterId: c.chapterId,
      trackVersion: c.trackVersion,
      completedAt: iso(c.completedAt),
      localDate: c.localDate,
      timeZone: c.timeZone,
      xp: c.xp,
      countsForStreak: c.countsForStreak,
      verified: c.verified,
      clientEventId: c.clientEventId,
    })),
    coins: {
      balance,
      ledger: data.coins.map((c) => ({
        amount: c.amount,
        reason: c.reason,
        ref: c.ref,
        at: iso(c.createdAt),
      })),
    },
    activeSections: data.activeSections.map((s) => ({
      trackId: s.trackId,
      sectionIndex: s.sectionIndex,
      updatedAt: iso(s.updatedAt),
    })),
    savedFiles: data.savedFiles.map((f) => ({
      lessonId: f.lessonId,
      name: f.name,
      content: f.content,
      publishSetVersion: f.publishSetVersion,
      updatedAt: iso(f.updatedAt),
    })),
    visits: data.visits.map((v) => ({
      day: v.day,
      appName: v.appName,
      count: v.count,
      firstAt: iso(v.firstAt),
      lastAt: iso(v.lastAt),
    })),
    sessions: data.sessions.map((s) => ({
      startedAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      usedAt: iso(s.usedAt),
      revokedAt: iso(s.revokedAt),
    })),
    mailedLinks: data.actionCodes.map((a) => ({
      purpose: a.purpose,
      sentTo: a.email,
      sentAt: iso(a.createdAt),
      expiresAt: iso(a.expiresAt),
      usedAt: iso(a.usedAt),
    })),
    mail: data.mail.map((m) => ({ to: m.to, subject: m.subject, sentAt: iso(m.createdAt) })),
    events: data.events.map((e) => ({
      name: e.name,
      properties: e.properties,
      anonymousId: e.anonymousId,
      path: e.path,
      occurredAt: iso(e.occurredAt),
      receivedAt: iso(e.receivedAt),
    })),
    // The onboarding chat's answers and its recommendation (issue 16).
    onboarding: data.onboarding
      ? {
          step: data.onboarding.step,
          occupation: data.onboarding.occupation,
          interests: data.onboarding.interests,
          motives: data.onboarding.motives,
          recommendedTrackId: data.onboarding.recommendedTrackId,
          recommendedDailyGoal: data.onboarding.recommendedDailyGoal,
          completedAt: iso(data.onboarding.completedAt),
          startedAt: iso(data.onboarding.createdAt),
          updatedAt: iso(data.onboarding.updatedAt),
        }
      : null,
    // {product} AI (issue 16): each conversation with its messages, as the learner saw them.
    aiConversations: data.aiConversations.map((c) => ({
      id: c.id,
      kind: c.kind,
      title: c.title,
      trackId: c.trackId,
      lessonId: c.lessonId,
      createdAt: iso(c.createdAt),
      messages: data.aiMessages
        .filter((m) => m.conversationId === c.id)
        .map((m) => ({
          role: m.role,
          content: m.content,
          status: m.status,
          hintLevel: m.hintLevel,
          model: m.model,
          inputTokens: m.inputTokens,
          outputTokens: m.outputTokens,
          credits: m.credits,
          rating: data.aiRatings.find((r) => r.messageId === m.id)?.rating ?? null,
          ratingReason: data.aiRatings.find((r) => r.messageId === m.id)?.reason ?? null,
          at: iso(m.createdAt),
        })),
    })),
  };
}

export type AccountExport = ReturnType<typeof presentAccountExport>;
