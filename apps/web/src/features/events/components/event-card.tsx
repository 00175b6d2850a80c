/**
 * One live event on /web/events (issue 17): its kind and state, when it happens in the viewer's
 * zone, the host, the description as sanitised Markdown, and what can be done: RSVP (or take it
 * back) with the attendee count, join, add to a calendar, or watch the recording once it is over.
 */

import { LIVE_EVENT_KIND_LABELS, type LiveEvent } from "@lumen/contracts";
import { formatEventWhen } from "@lumen/core";
import { Badge, Button, Card } from "../../../ui/index.ts";
import { textLinkClasses } from "../../../ui/text-link.ts";
import { UserMarkdown } from "../../../ui/user-markdown.tsx";
import { icsUrl } from "../api/events-client.ts";
import { attendeesText, type EventState, eventState } from "../lib/event-state.ts";

const STATE_BADGE: Record<EventState, { label: string; tone: "warning" | "success" } | null> = {
  cancelled: { label: "Cancelled", tone: "warning" },
  live: { label: "Happening now", tone: "success" },
  upcoming: null,
  over: null,
};

export interface EventCardProps {
  event: LiveEvent;
  timeZone: string;
  now: Date;
  signedIn: boolean;
  pending: boolean;
  onRsvp(attending: boolean): void;
  onSignIn(): void;
}

export function EventCard({
  event,
  timeZone,
  now,
  signedIn,
  pending,
  onRsvp,
  onSignIn,
}: EventCardProps) {
  const state = eventState(event, now);
  const when = formatEventWhen(
    new Date(event.startsAt),
    new Date(event.endsAt),
    timeZone,
    undefined,
  );
  const badge = STATE_BADGE[state];
  const titleId = `event-${event.id}-title`;
  const open = state === "upcoming" || state === "live";
  return (
    <Card asChild padding="md">
      <article id={`event-${event.id}`} aria-labelledby={titleId} className="scroll-mt-20">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{LIVE_EVENT_KIND_LABELS[event.kind]}</Badge>
          {badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
        </div>
        <h3
          id={titleId}
          className={`mt-2 text-lg font-bold break-words ${state === "cancelled" ? "line-through decoration-2" : ""}`}
        >
          {event.title}
        </h3>
        <p className="mt-1 text-sm font-medium text-slate-700 dark:text-slate-200">
          <time dateTime={event.startsAt}>{when.text}</time>
          <span className="text-slate-500 dark:text-slate-400"> · {when.zone}</span>
        </p>
        {event.hostName ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Hosted by {event.hostName}
          </p>
        ) : null}
        {event.description.trim() ? (
          <UserMarkdown
            source={event.description}
            className="mt-3 text-sm text-slate-700 dark:text-slate-200"
          />
        ) : null}
        {state === "cancelled" ? (
          <p className="mt-3 text-sm text-amber-800 dark:text-amber-300">
            This event was cancelled.
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3">
          {open && signedIn ? (
            <Button
              variant={event.attending ? "secondary" : "brand"}
              pending={pending}
              onClick={() => onRsvp(!event.attending)}
              aria-describedby={`event-${event.id}-count`}
            >
              {event.attending ? "Cancel my RSVP" : "RSVP"}
            </Button>
          ) : null}
          {open && !signedIn ? (
            <Button variant="brand" onClick={onSignIn}>
              Sign in to RSVP
            </Button>
          ) : null}
          {open ? (
            <span
              id={`event-${event.id}-count`}
              className="text-sm text-slate-600 dark:text-slate-300"
              aria-live="polite"
            >
              {attendeesText(event.attendees, event.attending)}
            </span>
          ) : null}
          {open && event.joinUrl ? (
            <a
              href={event.joinUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${textLinkClasses} text-sm`}
            >
              Join link
            </a>
          ) : null}
          {state !== "over" ? (
            <a href={icsUrl(event.id)} download className={`${textLinkClasses} text-sm`}>
              Add to calendar (.ics)
            </a>
          ) : null}
          {state === "over" && event.recordingUrl ? (
            <Button asChild variant="secondary">
              <a href={event.recordingUrl} target="_blank" rel="noopener noreferrer">
                Watch the recording
              </a>
            </Button>
          ) : null}
          {state === "over" && !event.recordingUrl ? (
            <span className="text-sm text-slate-500 dark:text-slate-400">No recording yet</span>
          ) : null}
        </div>
      </article>
    </Card>
  );
}
