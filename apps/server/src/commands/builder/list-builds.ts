import { type Db, desc, eq, schema, sql } from "@lumen/db";

export async function listBuilds(db: Db, userId: string) {
  const rows = await db
    .select({
      build: schema.builds,
      turns: sql<number>`(select count(*)::int from ${schema.buildTurns} where ${schema.buildTurns.buildId} = ${schema.builds.id})`,
    })
    .from(schema.builds)
    .where(eq(schema.builds.userId, userId))
    .orderBy(desc(schema.builds.updatedAt));
  return rows;
}
