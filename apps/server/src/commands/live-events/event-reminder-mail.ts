/** The reminder mail the day before a live event (issue 17), the time in the learner's zone. */
import { formatEventWhen } from "@lumen/core";
import type { Mail } from "../../auth/mailer.ts";

export function eventReminderMail(options: {
  to: string;
  displayName: string | null;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  joinUrl: string | null;
  /** The web app's origin, for the links. */
  origin: string;
  eventId: string;
  productName: string;
}): Mail {
  const when = formatEventWhen(options.startsAt, options.endsAt, options.timeZone);
  const page = `${options.origin}/web/events#event-${options.eventId}`;
  return {
    to: options.to,
    subject: `Reminder: ${options.title} is coming up`,
    text: [
      `Hello${options.displayName ? ` ${options.displayName}` : ""},`,
      "",
      `You said you would come to "${options.title}" on ${options.productName}:`,
      "",
      `${when.text} (${when.zone})`,
      "",
      ...(options.joinUrl ? [`Join here: ${options.joinUrl}`, ""] : []),
      `Details, and a way to say you can no longer come: ${page}`,
      `Add it to your calendar: ${options.origin}/v1/live-events/${options.eventId}/event.ics`,
      "",
      "You get this mail because you RSVPed. To stop event reminders, turn them off on your profile page.",
    ].join("\n"),
  };
}
