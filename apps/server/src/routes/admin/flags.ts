/**
 * Admin API: flags (issue 14). index.ts puts the admin guard (guard.ts) before every route here;
 * paths start with /admin/flags.
 */
import {
  type AdminFlag,
  type AdminFlagsAnswer,
  adminFlagParamsSchema,
  flagRuleInputSchema,
} from "@lumen/contracts";
import { Hono } from "hono";
import { type AuthEnv, currentUser } from "../../auth/middleware.ts";
import { listFlagRules } from "../../commands/list-flag-rules.ts";
import { updateFlagRule } from "../../commands/update-flag-rule.ts";
import { readJson, readParams } from "../../http/validate.ts";

export const adminFlagsRoutes = new Hono<AuthEnv>()
  .get("/admin/flags", async (c) =>
    c.json<AdminFlagsAnswer>({ flags: await listFlagRules({ db: c.get("deps").database.db }) }),
  )
  .put("/admin/flags/:flag", async (c) => {
    const { flag } = readParams(c, adminFlagParamsSchema);
    const rule = await readJson(c, flagRuleInputSchema);
    const { database, flags, clock } = c.get("deps");
    const user = currentUser(c);
    const saved = await updateFlagRule({
      db: database.db,
      flags,
      actor: { id: user.id, email: user.email },
      flag,
      rule,
      now: clock(),
    });
    return c.json<AdminFlag>(saved);
  });
