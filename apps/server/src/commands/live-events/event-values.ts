/** The console's event body as the row's values (issue 17): empty links and host become null. */
import type { LiveEventBody } from "@lumen/contracts";

export function eventValues(body: LiveEventBody) {
  return {
    kind: body.kind,
    title: body.title,
    description: body.description,
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    hostName: body.hostName || null,
    joinUrl: body.joinUrl || null,
    recordingUrl: body.recordingUrl || null,
  };
}

export type EventValues = ReturnType<typeof eventValues>;

/** The audit entry's view of the values: plain JSON. */
export function auditValues(values: EventValues): Record<string, unknown> {
  return {
    ...values,
    startsAt: values.startsAt.toISOString(),
    endsAt: values.endsAt.toISOString(),
    description:
      values.description.length > 200 ? `${values.description.slice(0, 200)}…` : values.description,
  };
}
