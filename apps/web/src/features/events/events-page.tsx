/**
 * /web/events (issue 17): the live events admins create: those coming up (RSVP, join, add to a
 * calendar) and past ones with their recordings, every time in the viewer's time zone, named. Open
 * to guests; RSVP asks them to sign in and brings them back here.
 */
import type { LiveEvent } from "@lumen/contracts";
import { formatEventWhen } from "@lumen/core";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { Alert, Spinner } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { EventCard } from "./components/event-card.tsx";
import { useEvents, useRsvp } from "./hooks/use-events.ts";
import { useViewerTimeZone } from "./hooks/use-viewer-time-zone.ts";

/** Now, moved on each minute, so that an event turns "live" and then "over" on an open page. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function EventsPage() {
  const { status, user } = useAuth();
  const signedIn = status === "signedIn";
  const viewer = user?.id ?? null;
  const events = useEvents(viewer, status !== "initializing");
  const rsvp = useRsvp(viewer);
  const timeZone = useViewerTimeZone(signedIn);
  const now = useMinute();
  const navigate = useNavigate();
  const zone = formatEventWhen(now, now, timeZone, undefined).zone;

  const list = (items: LiveEvent[]) => (
    <ul className="mt-4 grid gap-4">
      {items.map((event) => (
        <li key={event.id}>
          <EventCard
            event={event}
            timeZone={timeZone}
            now={now}
            signedIn={signedIn}
            pending={rsvp.isPending && rsvp.variables?.id === event.id}
            onRsvp={(attending) => rsvp.mutate({ id: event.id, attending })}
            onSignIn={() =>
              void navigate({ to: "/web/login", search: { redirectUrl: "/web/events" } })
            }
          />
        </li>
      ))}
    </ul>
  );

  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Live events</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Workshops, study groups and challenges with other learners. Times are in{" "}
        <strong className="font-semibold text-slate-800 dark:text-slate-100">{zone}</strong>
        {signedIn
          ? ", your account's time zone (change it on your profile)."
          : ", this device's time zone."}
      </p>
      {rsvp.isError ? (
        <Alert tone="danger" role="alert" className="mt-4">
          Your RSVP was not saved: {rsvp.error.message}
        </Alert>
      ) : null}
      {events.isPending ? (
        <p className="mt-8 flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Spinner /> Loading events…
        </p>
      ) : events.isError ? (
        <Alert tone="danger" role="alert" className="mt-8">
          The events could not be loaded: {events.error.message}
        </Alert>
      ) : (
        <>
          <section aria-labelledby="upcoming-title" className="mt-8">
            <h2 id="upcoming-title" className="text-xl font-bold">
              Coming up
            </h2>
            {events.data.upcoming.length > 0 ? (
              list(events.data.upcoming)
            ) : (
              <p className="mt-3 text-slate-600 dark:text-slate-300">
                No events are planned right now. Come back soon.
              </p>
            )}
          </section>
          {events.data.past.length > 0 ? (
            <section aria-labelledby="past-title" className="mt-10">
              <h2 id="past-title" className="text-xl font-bold">
                Past events
              </h2>
              {list(events.data.past)}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
