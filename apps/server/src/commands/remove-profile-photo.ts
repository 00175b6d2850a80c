/** Removes the signed-in learner's profile photo (DELETE /v1/me/photo); its address stops answering. */
import { type Db, eq, schema } from "@lumen/db";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { UserRow } from "../auth/users.ts";
import { errors } from "../errors.ts";

export interface RemoveProfilePhotoOptions {
  db: Db;
  limiter: RateLimiter;
  user: UserRow;
}

export async function removeProfilePhoto(options: RemoveProfilePhotoOptions): Promise<UserRow> {
  const { user } = options;
  await options.limiter.check("photoPerAccount", user.id);
  return options.db.transaction(async (tx) => {
    await tx.delete(schema.userPhotos).where(eq(schema.userPhotos.userId, user.id));
    const [row] = await tx
      .update(schema.users)
      .set({ photoUrl: null, updatedAt: new Date() })
      .where(eq(schema.users.id, user.id))
      .returning();
    if (!row) throw errors.notFound("This account");
    return row;
  });
}
