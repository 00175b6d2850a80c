/**
 * The progress API (issue 7): XP and goal, streak calendar and freezes, lesson completion, offline
 * sync, a track's progress, the active section and the active track. Every route needs a user.
 */
import {
  activeSectionBodySchema,
  activeTrackBodySchema,
  calendarQuerySchema,
  dailyGoalBodySchema,
  lessonCompletionBodySchema,
  lessonIdParamsSchema,
  MAX_CALENDAR_DAYS,
  syncBodySchema,
  timeZoneBodySchema,
  trackIdParamsSchema,
} from "@lumen/contracts";
import { daysBetween } from "@lumen/core";
import { Hono } from "hono";
import { type AuthEnv, currentUser, requireUser } from "../auth/middleware.ts";
import { buyStreakFreeze } from "../commands/buy-streak-freeze.ts";
import { completeLesson } from "../commands/complete-lesson.ts";
import { readActiveSection } from "../commands/read-active-section.ts";
import { readActiveTrack } from "../commands/read-active-track.ts";
import { readProgress } from "../commands/read-progress.ts";
import { readStreakCalendar } from "../commands/read-streak-calendar.ts";
import { readTrackProgress } from "../commands/read-track-progress.ts";
import { setActiveSection } from "../commands/set-active-section.ts";
import { setActiveTrack } from "../commands/set-active-track.ts";
import { setDailyGoal } from "../commands/set-daily-goal.ts";
import { setTimeZone } from "../commands/set-time-zone.ts";
import { syncProgress } from "../commands/sync-progress.ts";
import { errors } from "../errors.ts";
import { readJson, readParams, readQuery } from "../http/validate.ts";
import { presentCompletion, presentProgress, presentSync } from "../presenters/progress.ts";

export const progressRoutes = new Hono<AuthEnv>()
  .get("/progress", requireUser(), async (c) =>
    c.json(
      presentProgress(
        await readProgress({
          db: c.get("deps").database.db,
          userId: currentUser(c).id,
          now: c.get("deps").clock(),
        }),
      ),
    ),
  )
  .put("/daily-goal", requireUser(), async (c) => {
    const { xp } = await readJson(c, dailyGoalBodySchema);
    return c.json(
      presentProgress(
        await setDailyGoal({
          db: c.get("deps").database.db,
          userId: currentUser(c).id,
          xp,
          now: c.get("deps").clock(),
        }),
      ),
    );
  })
  .put("/me/time-zone", requireUser(), async (c) => {
    const { timeZone } = await readJson(c, timeZoneBodySchema);
    const { database, clock } = c.get("deps");
    const now = clock();
    const userId = currentUser(c).id;
    return c.json(presentProgress(await setTimeZone({ db: database.db, userId, timeZone, now })));
  })
  .post("/progress/lessons/:lessonId/complete", requireUser(), async (c) => {
    const { lessonId } = readParams(c, lessonIdParamsSchema);
    const body = await readJson(c, lessonCompletionBodySchema);
    const { database, catalog, checks, clock, env } = c.get("deps");
    const user = currentUser(c);
    const result = await completeLesson({
      db: database.db,
      catalog,
      userId: user.id,
      lessonId,
      body,
      now: clock(),
      live: true,
      checks,
      roles: user.roles,
      env,
    });
    return c.json(presentCompletion(result));
  })
  .post("/progress/sync", requireUser(), async (c) => {
    const { events } = await readJson(c, syncBodySchema);
    const { database, catalog, checks, clock, env } = c.get("deps");
    const user = currentUser(c);
    const result = await syncProgress({
      db: database.db,
      catalog,
      checks,
      userId: user.id,
      events,
      now: clock(),
      roles: user.roles,
      env,
    });
    return c.json(presentSync(result));
  })
  .get("/streak/calendar", requireUser(), async (c) => {
    const { from, to } = readQuery(c, calendarQuerySchema);
    const span = daysBetween(from, to) + 1;
    if (span < 1) throw errors.validation("to: must be on or after from");
    if (span > MAX_CALENDAR_DAYS) {
      throw errors.validation(`to: at most ${MAX_CALENDAR_DAYS} days from from`);
    }
    const { database, clock } = c.get("deps");
    const userId = currentUser(c).id;
    return c.json(await readStreakCalendar({ db: database.db, userId, from, to, now: clock() }));
  })
  .post("/streak/freezes", requireUser(), async (c) =>
    c.json(
      await buyStreakFreeze({
        db: c.get("deps").database.db,
        userId: currentUser(c).id,
        now: c.get("deps").clock(),
      }),
    ),
  )
  .get("/tracks/:trackId/progress", requireUser(), async (c) => {
    const { trackId } = readParams(c, trackIdParamsSchema);
    const { database, catalog } = c.get("deps");
    return c.json(
      await readTrackProgress({ db: database.db, catalog, userId: currentUser(c).id, trackId }),
    );
  })
  .get("/tracks/:trackId/sections/active", requireUser(), async (c) => {
    const { trackId } = readParams(c, trackIdParamsSchema);
    const { database, catalog } = c.get("deps");
    return c.json(
      await readActiveSection({ db: database.db, catalog, userId: currentUser(c).id, trackId }),
    );
  })
  .put("/tracks/:trackId/sections/active", requireUser(), async (c) => {
    const { trackId } = readParams(c, trackIdParamsSchema);
    const { sectionIndex } = await readJson(c, activeSectionBodySchema);
    const { database, catalog } = c.get("deps");
    return c.json(
      await setActiveSection({
        db: database.db,
        catalog,
        userId: currentUser(c).id,
        trackId,
        sectionIndex,
      }),
    );
  })
  .get("/me/active-track", requireUser(), async (c) => {
    const { database, catalog } = c.get("deps");
    return c.json(await readActiveTrack({ db: database.db, catalog, userId: currentUser(c).id }));
  })
  .put("/me/active-track", requireUser(), async (c) => {
    const { trackId } = await readJson(c, activeTrackBodySchema);
    const { database, catalog } = c.get("deps");
    return c.json(
      await setActiveTrack({ db: database.db, catalog, userId: currentUser(c).id, trackId }),
    );
  });
