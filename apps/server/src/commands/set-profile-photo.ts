/**
 * Stores a new profile photo (PUT /v1/me/photo): PNG, JPEG or WebP as its first bytes say,
 * whatever the request claimed, at most 1 MB. A photo is shown to anyone with its address, so it
 * needs a confirmed email address: a throwaway account cannot use us to host files. Each upload
 * gets a new random id, so the old address stops answering and the new one can be cached.
 */
import { MAX_PHOTO_BYTES, photoTypeOf } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import type { RateLimiter } from "../auth/rate-limit.ts";
import type { UserRow } from "../auth/users.ts";
import { AppError, errors } from "../errors.ts";

export interface SetProfilePhotoOptions {
  db: Db;
  limiter: RateLimiter;
  user: UserRow;
  bytes: Uint8Array;
}

export const photoPath = (id: string) => `/v1/photos/${id}`;

export async function setProfilePhoto(options: SetProfilePhotoOptions): Promise<UserRow> {
  const { db, user, bytes } = options;
  if (bytes.byteLength === 0) throw errors.validation("The photo is empty.");
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw errors.payloadTooLarge("1 MB");
  const contentType = photoTypeOf(bytes);
  if (!contentType) {
    throw new AppError(
      "unsupported_media_type",
      "A photo must be a PNG, JPEG or WebP image. This file is none of them.",
    );
  }
  if (!user.emailVerified) {
    throw new AppError(
      "email_not_verified",
      "Confirm your email address first: a profile photo needs a confirmed address.",
    );
  }
  await options.limiter.check("photoPerAccount", user.id);
  return db.transaction(async (tx) => {
    await tx.delete(schema.userPhotos).where(eq(schema.userPhotos.userId, user.id));
    const [photo] = await tx
      .insert(schema.userPhotos)
      .values({ userId: user.id, contentType, bytes })
      .returning({ id: schema.userPhotos.id });
    if (!photo) throw new Error("photo insert answered no row");
    const [row] = await tx
      .update(schema.users)
      .set({ photoUrl: photoPath(photo.id), updatedAt: new Date() })
      .where(eq(schema.users.id, user.id))
      .returning();
    if (!row) throw errors.notFound("This account");
    return row;
  });
}
