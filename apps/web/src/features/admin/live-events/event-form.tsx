/**
 * The console's form for one live event (issue 17): new or edited, every field the event has; the
 * times are the admin's own zone (named under them). Checks what the server checks before saving
 * and shows the server's refusal as it is.
 */
import {
  LIVE_EVENT_KIND_LABELS,
  LIVE_EVENT_KINDS,
  type LiveEvent,
  type LiveEventKind,
} from "@lumen/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Button, Field, Input, inputClasses } from "../../../ui/index.ts";
import { adminEventsApi } from "../../events/api/events-client.ts";
import { adminEventsKey } from "./admin-events-query.ts";
import { bodyOf, type EventFormValues, formErrors, formValuesOf } from "./form-values.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function EventForm({ event, onDone }: { event: LiveEvent | null; onDone(): void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<EventFormValues>(() => formValuesOf(event));
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (v: EventFormValues) =>
      event ? adminEventsApi.update(event.id, bodyOf(v)) : adminEventsApi.create(bodyOf(v)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: adminEventsKey });
      onDone();
    },
  });
  const errors = tried ? formErrors(values) : {};
  const set = (key: keyof EventFormValues) => (change: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: change.target.value }));

  return (
    <form
      aria-label={event ? `Edit ${event.title}` : "New event"}
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (Object.keys(formErrors(values)).length > 0) return;
        save.mutate(values);
      }}
    >
      <Field label="Kind">
        {(control) => (
          <select
            {...control}
            value={values.kind}
            onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as LiveEventKind }))}
            className={inputClasses({ size: "sm" })}
          >
            {LIVE_EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {LIVE_EVENT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Title" error={errors.title}>
        {(control) => (
          <Input {...control} inputSize="sm" value={values.title} onChange={set("title")} />
        )}
      </Field>
      <Field
        label="Description"
        hint="Markdown: **bold**, lists, links, code."
        error={errors.description}
        optional
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            value={values.description}
            onChange={set("description")}
            className={inputClasses({ size: "sm", className: "font-mono" })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Starts" hint={`In ${browserZone()}`} error={errors.startsAt}>
          {(control) => (
            <Input
              {...control}
              inputSize="sm"
              type="datetime-local"
              value={values.startsAt}
              onChange={set("startsAt")}
            />
          )}
        </Field>
        <Field label="Ends" hint={`In ${browserZone()}`} error={errors.endsAt}>
          {(control) => (
            <Input
              {...control}
              inputSize="sm"
              type="datetime-local"
              value={values.endsAt}
              onChange={set("endsAt")}
            />
          )}
        </Field>
      </div>
      <Field label="Host" error={errors.hostName} optional>
        {(control) => (
          <Input {...control} inputSize="sm" value={values.hostName} onChange={set("hostName")} />
        )}
      </Field>
      <Field label="Join link" hint="The video call's address." error={errors.joinUrl} optional>
        {(control) => (
          <Input
            {...control}
            inputSize="sm"
            type="url"
            value={values.joinUrl}
            onChange={set("joinUrl")}
          />
        )}
      </Field>
      <Field
        label="Recording link"
        hint="Add it once the event is over."
        error={errors.recordingUrl}
        optional
      >
        {(control) => (
          <Input
            {...control}
            inputSize="sm"
            type="url"
            value={values.recordingUrl}
            onChange={set("recordingUrl")}
          />
        )}
      </Field>
      {save.isError ? (
        <Alert tone="danger" size="sm" role="alert">
          Not saved: {save.error.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="brand" pending={save.isPending}>
          {event ? "Save changes" : "Create event"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Discard
        </Button>
      </div>
    </form>
  );
}
