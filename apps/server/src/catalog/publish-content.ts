/**
 * Publishes content/ as a new immutable publish set when it changed since the last one (called at
 * start). Invalid content is never published: the problems are logged and the last good set
 * keeps being served.
 */
import { assignTrackVersions, countLessons, hashContentFolder, loadContent } from "@lumen/content";
import type { Catalog } from "@lumen/contracts";
import { type Db, desc, eq, schema } from "@lumen/db";
import type { Logger } from "pino";

export interface PublishedSet {
  version: number;
  catalog: Catalog;
}

export interface PublishContentOptions {
  db: Db;
  contentDir: string;
  logger: Logger;
}

export async function latestPublishSet(
  db: Db,
): Promise<(PublishedSet & { contentHash: string }) | undefined> {
  const [row] = await db
    .select()
    .from(schema.publishSets)
    .orderBy(desc(schema.publishSets.version))
    .limit(1);
  return row
    ? { version: row.version, catalog: row.catalog as Catalog, contentHash: row.contentHash }
    : undefined;
}

export async function publishSetByVersion(
  db: Db,
  version: number,
): Promise<PublishedSet | undefined> {
  const [row] = await db
    .select()
    .from(schema.publishSets)
    .where(eq(schema.publishSets.version, version))
    .limit(1);
  return row ? { version: row.version, catalog: row.catalog as Catalog } : undefined;
}

export async function publishContent({
  db,
  contentDir,
  logger,
}: PublishContentOptions): Promise<PublishedSet | undefined> {
  const latest = await latestPublishSet(db);
  // The key names the content and the set it follows: two servers starting together publish once
  // (the second insert conflicts), and content reverted to an older state is still a new set.
  const folderHash = hashContentFolder(contentDir);
  const key = `${folderHash}@${latest?.version ?? 0}`;
  if (latest?.contentHash.startsWith(`${folderHash}@`)) return latest;

  const loaded = loadContent(contentDir);
  if (loaded.problems.length) {
    logger.error(
      { problems: loaded.problems.slice(0, 50), count: loaded.problems.length },
      "content has problems: not published",
    );
    return latest;
  }
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(schema.publishSets)
      .values({ contentHash: key, catalog: {}, lessonCount: countLessons(loaded.catalog) })
      .onConflictDoNothing()
      .returning({ version: schema.publishSets.version });
    if (!inserted) return latestPublishSet(tx as unknown as Db);
    const catalog = assignTrackVersions(loaded.catalog, inserted.version, latest?.catalog);
    await tx
      .update(schema.publishSets)
      .set({ catalog })
      .where(eq(schema.publishSets.version, inserted.version));
    logger.info({ version: inserted.version, lessons: countLessons(catalog) }, "content published");
    return { version: inserted.version, catalog };
  });
}
