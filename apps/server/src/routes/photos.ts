/**
 * Profile photos (issue 13): the learner puts the image's bytes as the body (PUT /v1/me/photo) or
 * removes it; anyone with a photo's address gets it (GET /v1/photos/{id}) as the type its bytes
 * proved, with nosniff and a policy that lets it run nothing (http/runtime-csp.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { presentUser } from "../auth/present-user.ts";
import { readProfilePhoto } from "../commands/read-profile-photo.ts";
import { removeProfilePhoto } from "../commands/remove-profile-photo.ts";
import { setProfilePhoto } from "../commands/set-profile-photo.ts";
import { errors } from "../errors.ts";

const photoId = z.uuid();

export const photoRoutes = new Hono<AuthEnv>()
  .put("/me/photo", requireUser(), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const { database, auth } = c.get("deps");
    const user = await setProfilePhoto({
      db: database.db,
      limiter: auth.limiter,
      user: currentUser(c),
      bytes,
    });
    return c.json(presentUser(user));
  })
  .delete("/me/photo", requireUser(), async (c) => {
    const { database, auth } = c.get("deps");
    const user = await removeProfilePhoto({
      db: database.db,
      limiter: auth.limiter,
      user: currentUser(c),
    });
    return c.json(presentUser(user));
  })
  .get("/photos/:photoId", async (c) => {
    const id = photoId.safeParse(c.req.param("photoId"));
    if (!id.success) throw errors.notFound("This photo");
    const photo = await readProfilePhoto({ db: c.get("deps").database.db, photoId: id.data });
    c.header("Content-Type", photo.contentType);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Disposition", "inline");
    // A new photo has a new address, so this one never changes; private, so that no shared cache
    // keeps a photo the learner has since removed.
    c.header("Cache-Control", "private, max-age=86400, immutable");
    return c.body(photo.bytes as Uint8Array<ArrayBuffer>);
  });
