/**
 * Banning a learner from posting (issue 17): a reason and, optionally, the day the ban ends
 * (until lifted otherwise). The queue refreshes once the ban stands.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert, Button, Field, Input } from "../../../ui/index.ts";
import { moderationApi, moderationKey } from "./api.ts";

/** The end of the given day (a yyyy-mm-dd from a date input) in the admin's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

export function BanForm({
  userId,
  who,
  onDone,
}: {
  userId: string;
  who: string;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const ban = useMutation({
    mutationFn: () =>
      moderationApi.ban({ userId, reason: reason.trim(), until: until ? endOfDay(until) : null }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: moderationKey });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) ban.mutate();
  };
  return (
    <form
      onSubmit={submit}
      aria-label={`Ban ${who} from posting`}
      className="mt-3 flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-end dark:bg-slate-800/60"
    >
      <Field label="Reason for the ban" className="flex-1">
        {(control) => (
          <Input
            {...control}
            inputSize="sm"
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <Field label="Ends on" optional>
        {(control) => (
          <Input
            {...control}
            inputSize="sm"
            type="date"
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="sm" variant="danger" disabled={ban.isPending || !reason.trim()}>
        Ban from posting
      </Button>
      {ban.isError ? (
        <Alert tone="danger" role="alert" className="sm:basis-full">
          {ban.error.message}
        </Alert>
      ) : null}
    </form>
  );
}
