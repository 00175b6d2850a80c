/** The signed-in learner's projects, most recently changed first, with their file counts. */
import { type Db, desc, eq, schema, sql } from "@lumen/db";

export interface ListProjectsOptions {
  db: Db;
  userId: string;
}

export async function listProjects({ db, userId }: ListProjectsOptions) {
  return db
    .select({
      id: schema.projects.id,
      name: schema.projects.name,
      template: schema.projects.template,
      entry: schema.projects.entry,
      revision: schema.projects.revision,
      createdAt: schema.projects.createdAt,
      updatedAt: schema.projects.updatedAt,
      fileCount: sql<number>`(select count(*)::int from ${schema.projectFiles} where ${schema.projectFiles.projectId} = ${schema.projects.id})`,
    })
    .from(schema.projects)
    .where(eq(schema.projects.userId, userId))
    .orderBy(desc(schema.projects.updatedAt));
}
