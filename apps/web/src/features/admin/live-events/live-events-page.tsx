/**
 * Admin console: live events (issue 17). Every event, latest first, with its RSVP count; create
 * one, edit any (a recording link once it is over), cancel one after a second click. Each change
 * is written to the audit log by the server.
 */

import { LIVE_EVENT_KIND_LABELS, type LiveEvent } from "@lumen/contracts";
import { formatEventWhen } from "@lumen/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Badge, Button, Card, Spinner } from "../../../ui/index.ts";
import { adminEventsApi } from "../../events/api/events-client.ts";
import { adminEventsKey, adminEventsQuery } from "./admin-events-query.ts";
import { EventForm } from "./event-form.tsx";

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

function CancelEvent({ event }: { event: LiveEvent }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => adminEventsApi.cancel(event.id),
    onSuccess: () => client.invalidateQueries({ queryKey: adminEventsKey }),
  });
  if (!asking)
    return (
      <Button size="sm" variant="danger" onClick={() => setAsking(true)}>
        Cancel event
      </Button>
    );
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm">
      <span>Cancel “{event.title}” for everyone?</span>
      <Button size="sm" variant="danger" pending={cancel.isPending} onClick={() => cancel.mutate()}>
        Yes, cancel it
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
        Keep it
      </Button>
      {cancel.isError ? (
        <span role="alert" className="text-red-700 dark:text-red-400">
          {cancel.error.message}
        </span>
      ) : null}
    </span>
  );
}

function EventRow({ event, now }: { event: LiveEvent; now: Date }) {
  const [editing, setEditing] = useState(false);
  const when = formatEventWhen(new Date(event.startsAt), new Date(event.endsAt), zone(), undefined);
  const over = Date.parse(event.endsAt) <= now.getTime();
  return (
    <Card padding="sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap gap-1.5">
            <Badge tone="brand">{LIVE_EVENT_KIND_LABELS[event.kind]}</Badge>
            {event.cancelledAt ? <Badge tone="warning">Cancelled</Badge> : null}
            {over ? <Badge>Over</Badge> : null}
            {over && event.recordingUrl ? <Badge tone="success">Recording</Badge> : null}
          </div>
          <h2 className="mt-1 text-base font-semibold break-words">{event.title}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {when.text} · {when.zone}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {event.attendees === 1 ? "1 RSVP" : `${event.attendees} RSVPs`}
            {event.hostName ? ` · hosted by ${event.hostName}` : ""}
          </p>
        </div>
        {editing ? null : (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setEditing(true)}
              aria-label={`Edit ${event.title}`}
            >
              Edit
            </Button>
            {event.cancelledAt || over ? null : <CancelEvent event={event} />}
          </div>
        )}
      </div>
      {editing ? (
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <EventForm event={event} onDone={() => setEditing(false)} />
        </div>
      ) : null}
    </Card>
  );
}

export function LiveEventsPage() {
  const events = useQuery(adminEventsQuery());
  const [creating, setCreating] = useState(false);
  const now = new Date();
  return (
    <section aria-labelledby="live-events-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="live-events-title" className="text-2xl font-bold tracking-tight">
          Live events
        </h1>
        {creating ? null : (
          <Button variant="brand" onClick={() => setCreating(true)}>
            New event
          </Button>
        )}
      </div>
      <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
        Workshops, study groups and challenges on /web/events. Learners see the times in their own
        zone; here they are in yours ({zone()}). Everyone who RSVPed gets a reminder mail the day
        before, unless they turned reminders off.
      </p>
      {creating ? (
        <Card className="mt-6" padding="sm">
          <h2 className="mb-4 text-lg font-semibold">New event</h2>
          <EventForm event={null} onDone={() => setCreating(false)} />
        </Card>
      ) : null}
      <div className="mt-6">
        {events.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner /> Loading events…
          </p>
        ) : events.isError ? (
          <Alert tone="danger" role="alert">
            Could not load events: {events.error.message}
          </Alert>
        ) : events.data.events.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No events yet.</p>
        ) : (
          <ul className="grid gap-3">
            {events.data.events.map((event) => (
              <li key={event.id}>
                <EventRow event={event} now={now} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
