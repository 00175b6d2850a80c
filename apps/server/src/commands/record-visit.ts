/** Counts a signed-in user's visit for today, one row per user, day and app (POST /v1/user/visits). */
import { type Db, schema, sql } from "@lumen/db";

export interface RecordVisitOptions {
  db: Db;
  userId: string;
  appName: string;
  at?: Date;
}

export async function recordVisit({
  db,
  userId,
  appName,
  at = new Date(),
}: RecordVisitOptions): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  await db
    .insert(schema.userVisits)
    .values({ userId, day, appName, firstAt: at, lastAt: at })
    .onConflictDoUpdate({
      target: [schema.userVisits.userId, schema.userVisits.day, schema.userVisits.appName],
      set: { count: sql`${schema.userVisits.count} + 1`, lastAt: at },
    });
}
