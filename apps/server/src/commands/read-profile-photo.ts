/** A profile photo's bytes and type by its id (GET /v1/photos/{id}), or not_found. */
import { type Db, eq, schema } from "@lumen/db";
import { errors } from "../errors.ts";

export async function readProfilePhoto({ db, photoId }: { db: Db; photoId: string }) {
  const [photo] = await db
    .select({ contentType: schema.userPhotos.contentType, bytes: schema.userPhotos.bytes })
    .from(schema.userPhotos)
    .where(eq(schema.userPhotos.id, photoId))
    .limit(1);
  if (!photo) throw errors.notFound("This photo");
  return photo;
}
