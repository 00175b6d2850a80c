import { type Db, desc, eq, schema } from "@lumen/db";
import type { InstanceRow } from "../../builder/instance-store.ts";

export async function listInstances(db: Db, userId: string): Promise<InstanceRow[]> {
  return db
    .select()
    .from(schema.instances)
    .where(eq(schema.instances.userId, userId))
    .orderBy(desc(schema.instances.createdAt));
}
