/**
 * Which community and event mails the learner wants (issue 17), always the signed-in learner's own.
 * - GET /me/email-preferences → 200 { mentions, eventReminders } (both true until chosen)
 * - PUT /me/email-preferences with { mentions, eventReminders } → 200 the same
 */
import { type EmailPreferences, emailPreferencesSchema } from "@lumen/contracts";
import { Hono } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { setEmailPreferences } from "../commands/moderation/set-email-preferences.ts";
import { readEmailPreferences } from "../commands/moderation/wants-mail.ts";
import { readJson } from "../http/validate.ts";

export const emailPreferencesRoutes = new Hono<AuthEnv>()
  .get("/me/email-preferences", requireUser(), async (c) => {
    const answer: EmailPreferences = await readEmailPreferences(
      c.get("deps").database.db,
      currentUser(c).id,
    );
    c.header("Cache-Control", "private, no-store");
    return c.json(answer);
  })
  .put("/me/email-preferences", requireUser(), async (c) => {
    const preferences = await readJson(c, emailPreferencesSchema);
    const { database, clock } = c.get("deps");
    const answer: EmailPreferences = await setEmailPreferences({
      db: database.db,
      userId: currentUser(c).id,
      preferences,
      at: clock(),
    });
    return c.json(answer);
  });
