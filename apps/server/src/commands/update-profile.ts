/** Sets the signed-in learner's display name (PATCH /v1/me); a blank name removes it. */
import { type Db, eq, schema } from "@lumen/db";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { UserRow } from "../auth/users.ts";
import { errors } from "../errors.ts";

export interface UpdateProfileOptions {
  db: Db;
  limiter: RateLimiter;
  user: UserRow;
  displayName: string | null;
}

export async function updateProfile(options: UpdateProfileOptions): Promise<UserRow> {
  await options.limiter.check("profileWritePerAccount", options.user.id);
  const displayName = options.displayName?.trim() || null;
  const [row] = await options.db
    .update(schema.users)
    .set({ displayName, updatedAt: new Date() })
    .where(eq(schema.users.id, options.user.id))
    .returning();
  if (!row) throw errors.notFound("This account");
  return row;
}
