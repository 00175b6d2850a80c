/**
 * The console's event form (issue 17) as text fields and back: instants as datetime-local values
 * in the admin's browser zone, empty links as none, and the checks the server makes too, said
 * beside the field before anything is sent.
 */
import {
  isWebUrl,
  LIVE_EVENT_LIMITS,
  type LiveEvent,
  type LiveEventBody,
  type LiveEventKind,
} from "@lumen/contracts";

export interface EventFormValues {
  kind: LiveEventKind;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  hostName: string;
  joinUrl: string;
  recordingUrl: string;
}

/** An ISO instant as a datetime-local value, in this browser's zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function formValuesOf(event: LiveEvent | null, now = new Date()): EventFormValues {
  if (!event) {
    // A week from now at the next full hour, for an hour.
    const start = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 7 * 86_400_000);
    return {
      kind: "workshop",
      title: "",
      description: "",
      startsAt: toLocalInput(start.toISOString()),
      endsAt: toLocalInput(new Date(start.getTime() + 3_600_000).toISOString()),
      hostName: "",
      joinUrl: "",
      recordingUrl: "",
    };
  }
  return {
    kind: event.kind,
    title: event.title,
    description: event.description,
    startsAt: toLocalInput(event.startsAt),
    endsAt: toLocalInput(event.endsAt),
    hostName: event.hostName ?? "",
    joinUrl: event.joinUrl ?? "",
    recordingUrl: event.recordingUrl ?? "",
  };
}

export type FormErrors = Partial<Record<keyof EventFormValues, string>>;

export function formErrors(values: EventFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.title.trim()) errors.title = "Give the event a title.";
  else if (values.title.trim().length > LIVE_EVENT_LIMITS.title)
    errors.title = `At most ${LIVE_EVENT_LIMITS.title} characters.`;
  if (values.description.length > LIVE_EVENT_LIMITS.description)
    errors.description = `At most ${LIVE_EVENT_LIMITS.description} characters.`;
  const start = Date.parse(values.startsAt);
  const end = Date.parse(values.endsAt);
  if (Number.isNaN(start)) errors.startsAt = "Choose when it starts.";
  if (Number.isNaN(end)) errors.endsAt = "Choose when it ends.";
  else if (!Number.isNaN(start) && end <= start) errors.endsAt = "The end must be after the start.";
  else if (!Number.isNaN(start) && end - start > LIVE_EVENT_LIMITS.maxDurationMs)
    errors.endsAt = "An event lasts at most 14 days.";
  if (values.hostName.trim().length > LIVE_EVENT_LIMITS.hostName)
    errors.hostName = `At most ${LIVE_EVENT_LIMITS.hostName} characters.`;
  for (const key of ["joinUrl", "recordingUrl"] as const) {
    const url = values[key].trim();
    if (url && !isWebUrl(url)) errors[key] = "An http:// or https:// address.";
  }
  return errors;
}

export function bodyOf(values: EventFormValues): LiveEventBody {
  return {
    kind: values.kind,
    title: values.title.trim(),
    description: values.description,
    startsAt: new Date(values.startsAt).toISOString(),
    endsAt: new Date(values.endsAt).toISOString(),
    hostName: values.hostName.trim() || null,
    joinUrl: values.joinUrl.trim() || null,
    recordingUrl: values.recordingUrl.trim() || null,
  };
}
