/**
 * Admin console: feature flags (issue 14). The eight flags of spec section 3, each with a
 * summary of its rule (off for everyone until one is saved) and an editor (rule-editor.tsx).
 */
import type { AdminFlag } from "@lumen/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Badge, Button, Card, Spinner } from "../../../ui/index.ts";
import { adminFlagsQuery } from "./api.ts";
import { RuleEditor } from "./rule-editor.tsx";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The rule in a few words, each a badge. */
export function ruleSummary(rule: AdminFlag["rule"]): string[] {
  const parts: string[] = [];
  if (rule.everyone) parts.push("Everyone");
  for (const role of rule.roles) parts.push(`Role: ${role}`);
  if (rule.users.length > 0)
    parts.push(rule.users.length === 1 ? "1 user" : `${rule.users.length} users`);
  if (rule.percentage !== null) parts.push(`${rule.percentage}% of users`);
  if (parts.length === 0) return ["Off for everyone"];
  if (rule.startsAt) parts.push(`From ${dateTime.format(new Date(rule.startsAt))}`);
  if (rule.value !== null) parts.push(`Model: ${rule.value}`);
  return parts;
}

export function FlagsPage() {
  const flags = useQuery(adminFlagsQuery());
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="flags-title">
      <h1 id="flags-title" className="text-2xl font-bold tracking-tight">
        Feature flags
      </h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
        Every flag is off until a rule turns it on. Any part of a rule that matches turns the flag
        on; a start date holds the whole rule back until then.
      </p>
      <div className="mt-6">
        {flags.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner /> Loading flags…
          </p>
        ) : flags.isError ? (
          <Alert tone="danger" role="alert">
            Could not load flags: {flags.error.message}
          </Alert>
        ) : (
          <ul className="grid gap-3">
            {flags.data.flags.map((flag) => (
              <li key={flag.name}>
                <Card padding="sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-mono text-base font-semibold break-all">{flag.name}</h2>
                      <ul aria-label="Rule" className="mt-2 flex flex-wrap gap-1.5">
                        {ruleSummary(flag.rule).map((part) => (
                          <li key={part}>
                            <Badge tone={part === "Off for everyone" ? "neutral" : "brand"}>
                              {part}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    </div>
                    {editing === flag.name ? null : (
                      <Button
                        size="sm"
                        aria-label={`Edit ${flag.name}`}
                        onClick={() => setEditing(flag.name)}
                      >
                        Edit
                      </Button>
                    )}
                  </div>
                  {editing === flag.name ? (
                    <RuleEditor flag={flag} onDone={() => setEditing(null)} />
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
