/**
 * "Emails" on the profile (issue 17): whether the learner gets a mail when someone mentions them
 * in the community, and a reminder the day before an event they RSVP'd to. Mails about the account
 * itself (confirmations, password resets) always go. Each switch saves at once.
 */
import type { EmailPreferenceKind, EmailPreferences } from "@lumen/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  emailPreferencesKey,
  emailPreferencesQuery,
  saveEmailPreferences,
} from "../api/email-preferences-client.ts";
import { accountErrorText } from "../lib/error-text.ts";
import { Outcome, Section, Switch } from "./parts.tsx";

export function MailSection() {
  const client = useQueryClient();
  const preferences = useQuery(emailPreferencesQuery());
  const save = useMutation({
    mutationFn: saveEmailPreferences,
    onMutate: (next) => client.setQueryData(emailPreferencesKey, next),
    onSettled: () => client.invalidateQueries({ queryKey: emailPreferencesKey }),
  });
  const current = preferences.data;
  const set = (kind: EmailPreferenceKind) => (on: boolean) => {
    if (current) save.mutate({ ...current, [kind]: on } satisfies EmailPreferences);
  };
  return (
    <Section
      id="emails"
      title="Emails"
      description="Mails about your account (confirming your address, resetting your password) always reach you."
    >
      {current ? (
        <>
          <Switch
            label="Mentions"
            hint="When someone mentions you in the community."
            checked={current.mentions}
            onChange={set("mentions")}
          />
          <Switch
            label="Event reminders"
            hint="The day before an event you signed up for."
            checked={current.eventReminders}
            onChange={set("eventReminders")}
          />
        </>
      ) : null}
      <Outcome
        error={
          preferences.error
            ? `Your email choices could not be loaded. ${accountErrorText(preferences.error)}`
            : save.error
              ? `Not saved. ${accountErrorText(save.error)}`
              : undefined
        }
      />
    </Section>
  );
}
