/** The learner's settings, kept on the server to follow them across devices (issue 13). */
import { type SettingsAnswer, settingsPatchSchema } from "@lumen/contracts";
import { Hono } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { readSettings, type StoredSettings } from "../commands/read-settings.ts";
import { updateSettings } from "../commands/update-settings.ts";
import { readJson } from "../http/validate.ts";

const present = ({ settings, updatedAt }: StoredSettings): SettingsAnswer => ({
  settings,
  updatedAt: updatedAt ? updatedAt.toISOString() : null,
});

export const settingsRoutes = new Hono<AuthEnv>()
  .get("/me/settings", requireUser(), async (c) =>
    c.json(
      present(await readSettings({ db: c.get("deps").database.db, userId: currentUser(c).id })),
    ),
  )
  .patch("/me/settings", requireUser(), async (c) => {
    const patch = await readJson(c, settingsPatchSchema);
    const { database, auth, clock } = c.get("deps");
    const stored = await updateSettings({
      db: database.db,
      limiter: auth.limiter,
      userId: currentUser(c).id,
      patch,
      now: clock(),
    });
    return c.json(present(stored));
  });
