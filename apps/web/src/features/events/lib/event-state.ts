/** Where a live event stands at a moment (issue 17): what its card says and offers. */
import type { LiveEvent } from "@lumen/contracts";

export type EventState = "cancelled" | "upcoming" | "live" | "over";

export function eventState(event: LiveEvent, now: Date): EventState {
  if (event.cancelledAt) return "cancelled";
  const time = now.getTime();
  if (time >= Date.parse(event.endsAt)) return "over";
  if (time >= Date.parse(event.startsAt)) return "live";
  return "upcoming";
}

export function attendeesText(count: number, attending: boolean): string {
  if (attending) return count <= 1 ? "You are going" : `You and ${count - 1} more going`;
  if (count === 0) return "Be the first to RSVP";
  return count === 1 ? "1 going" : `${count} going`;
}
