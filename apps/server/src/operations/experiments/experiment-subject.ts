/**
 * Who is being bucketed (issue 14): a signed-in user by the visitor id carried over at their
 * sign-up (experiment_identities) or else their user id; an anonymous visitor by the visitor id
 * their browser sends (its analytics anonymous id).
 */
import { experimentSubject } from "@lumen/core";
import { type Db, schema } from "@lumen/db";
import { eq, sql } from "drizzle-orm";

export interface ExperimentSubject {
  /** The bucketing key (experiment_exposures.subject_id). */
  key: string;
  userId: string | null;
}

export async function resolveExperimentSubject(options: {
  db: Db;
  userId: string | null;
  visitorId: string | null;
}): Promise<ExperimentSubject | null> {
  const { db, userId, visitorId } = options;
  let carriedVisitorId: string | null = null;
  if (userId) {
    const [row] = await db
      .select({ visitorId: schema.experimentIdentities.visitorId })
      .from(schema.experimentIdentities)
      .where(eq(schema.experimentIdentities.userId, userId));
    carriedVisitorId = row?.visitorId ?? null;
  }
  const key = experimentSubject({ userId, carriedVisitorId, visitorId });
  return key ? { key, userId } : null;
}

/**
 * Keeps a new account's visitor id (at sign-up), so that its buckets stay those of the visitor,
 * and gives the visitor's anonymous exposures to the account, so that conversions count the
 * account's later events. The first id kept stays: a later call changes nothing.
 */
export async function carryVisitorIdentity(options: {
  db: Db;
  userId: string;
  visitorId: string;
}): Promise<void> {
  const { db, userId, visitorId } = options;
  await db.insert(schema.experimentIdentities).values({ userId, visitorId }).onConflictDoNothing();
  await db
    .update(schema.experimentExposures)
    .set({ userId })
    .where(
      sql`${schema.experimentExposures.subjectId} = ${visitorId} and ${schema.experimentExposures.userId} is null`,
    );
}
