/**
 * The editor of one flag's rule (issue 14): on for everyone, for roles, for listed users (by
 * email or id, one a line), for a percentage of users, and from a start date; a valued flag
 * (aiModelOverride) also takes the model name those users get. Saving replaces the rule; the
 * outcome is said next to the button.
 */
import { type AdminFlag, type FlagRuleInput, ROLES, type Role } from "@lumen/contracts";
import { FLAG_VALUE_PATTERN, isValuedFeatureFlag } from "@lumen/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert, Button, Field, Input } from "../../../ui/index.ts";
import { adminFlagsApi, adminFlagsKey } from "./api.ts";

/** An ISO instant as a datetime-local input's value, in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const ROLE_LABELS: Record<Role, string> = { admin: "Admins", course_engineer: "Course engineers" };

export function RuleEditor({ flag, onDone }: { flag: AdminFlag; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [everyone, setEveryone] = useState(flag.rule.everyone);
  const [roles, setRoles] = useState<string[]>(flag.rule.roles);
  const [users, setUsers] = useState(
    flag.rule.users.map((user) => user.email ?? user.id).join("\n"),
  );
  const [percentage, setPercentage] = useState(
    flag.rule.percentage === null ? "" : String(flag.rule.percentage),
  );
  const [startsAt, setStartsAt] = useState(toLocalInput(flag.rule.startsAt));
  const valued = isValuedFeatureFlag(flag.name);
  const [value, setValue] = useState(flag.rule.value ?? "");
  const save = useMutation({
    mutationFn: (rule: FlagRuleInput) => adminFlagsApi.save(flag.name, rule),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFlagsKey }),
  });

  const percentageValue = percentage.trim() === "" ? null : Number(percentage);
  const percentageError =
    percentageValue !== null &&
    !(Number.isInteger(percentageValue) && percentageValue >= 0 && percentageValue <= 100)
      ? "A whole number from 0 to 100, or empty for none."
      : undefined;
  const trimmedValue = value.trim();
  const valueError =
    trimmedValue !== "" && !FLAG_VALUE_PATTERN.test(trimmedValue)
      ? "Up to 100 letters, digits or . : / @ + _ - (no spaces)."
      : undefined;

  return (
    <form
      aria-label={`Rule of ${flag.name}`}
      className="mt-4 grid gap-4 border-t border-slate-200 pt-4 dark:border-slate-800"
      onSubmit={(event) => {
        event.preventDefault();
        if (percentageError || valueError) return;
        save.mutate({
          everyone,
          roles: roles as Role[],
          users: users
            .split(/[\n,]/)
            .map((user) => user.trim())
            .filter(Boolean),
          percentage: percentageValue,
          startsAt: startsAt ? new Date(startsAt).toISOString() : null,
          ...(valued ? { value: trimmedValue === "" ? null : trimmedValue } : {}),
        });
      }}
    >
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={everyone}
          onChange={(event) => setEveryone(event.target.checked)}
          className="size-4"
        />
        On for everyone (signed out too)
      </label>
      <fieldset>
        <legend className="text-sm font-medium">On for roles</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={roles.includes(role)}
                onChange={(event) =>
                  setRoles((prev) =>
                    event.target.checked ? [...prev, role] : prev.filter((r) => r !== role),
                  )
                }
                className="size-4"
              />
              {ROLE_LABELS[role]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="On for users" hint="Email addresses or user ids, one a line." optional>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={users}
            onChange={(event) => setUsers(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="On for a percentage of users"
          hint="0–100, the same users each time."
          error={percentageError}
          optional
        >
          {(control) => (
            <Input
              {...control}
              inputSize="sm"
              inputMode="numeric"
              value={percentage}
              onChange={(event) => setPercentage(event.target.value)}
            />
          )}
        </Field>
        <Field label="Starting" hint="Nothing of the rule applies before it." optional>
          {(control) => (
            <Input
              {...control}
              inputSize="sm"
              type="datetime-local"
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
            />
          )}
        </Field>
      </div>
      {valued ? (
        <Field
          label="Model"
          hint="The model the users this rule reaches get, e.g. gpt-4o-mini. Empty: the default."
          error={valueError}
          optional
        >
          {(control) => (
            <Input
              {...control}
              inputSize="sm"
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </Field>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="brand" size="sm" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save rule"}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          Close
        </Button>
      </div>
      <div id={`${id}-outcome`} aria-live="polite">
        {save.isSuccess ? (
          <Alert tone="success" size="sm">
            Saved. Open pages pick the change up within a minute.
          </Alert>
        ) : save.isError ? (
          <Alert tone="danger" size="sm" role="alert">
            Could not save: {save.error.message}
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
