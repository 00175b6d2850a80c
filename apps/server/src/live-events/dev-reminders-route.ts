/**
 * POST /dev/live-events/send-reminders (outside production, from the server's own machine only,
 * like /dev/mailbox): runs the event reminders once now, so that a browser test or a laptop demo
 * sees the mail without waiting for the minute timer. Answers { sent }.
 */
import { Hono } from "hono";
import { isLocalRequest, publicOrigin } from "../auth/client-ip.ts";
import type { AppEnv } from "../context.ts";
import type { ReminderService } from "./reminder-service.ts";

export const devRemindersRoutes = (reminders: ReminderService) =>
  new Hono<AppEnv>().post("/dev/live-events/send-reminders", async (c, next) => {
    if (!isLocalRequest(c)) return next();
    const sent = await reminders.runOnce({ origin: publicOrigin(c) });
    return c.json({ sent });
  });
