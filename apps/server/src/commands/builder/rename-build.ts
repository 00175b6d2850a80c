import { BUILDER_LIMITS } from "@lumen/core";
import { type Db, eq, schema } from "@lumen/db";
import { findOwnBuild } from "../../builder/build-store.ts";
import { errors } from "../../errors.ts";

import { cleanTitle } from "./create-build.ts";

export async function renameBuild(db: Db, userId: string, buildId: string, title: string) {
  const build = await findOwnBuild(db, userId, buildId);
  const clean = cleanTitle(title, "");
  if (!clean)
    throw errors.validation(
      `title: give the build a title of 1 to ${BUILDER_LIMITS.titleLength} characters.`,
    );
  await db.update(schema.builds).set({ title: clean }).where(eq(schema.builds.id, build.id));
}
