/**
 * A machine's state and what it uses (issue 18), shared by the machine and instance screens: a
 * badge whose text names the state (its colour only repeats it), the state in a sentence, and
 * memory, disk, CPU time and processes against the machine's limits.
 */
import type { MachineStateName, MachineView } from "@lumen/contracts";
import { Badge } from "../../../ui/index.ts";
import { machineStateWords, usageRows } from "../lib/machine-words.ts";

export function MachineStateBadge({
  state,
  reason = null,
}: {
  state: MachineStateName;
  reason?: string | null;
}) {
  const words = machineStateWords(state, reason);
  return (
    <Badge tone={words.tone} data-testid="machine-state" data-state={state}>
      {words.label}
    </Badge>
  );
}

export function MachineUsage({ machine }: { machine: MachineView }) {
  const rows = usageRows(machine);
  if (!rows) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {machine.state === "running" || machine.state === "starting"
          ? "What the machine uses cannot be read on this server."
          : "The machine uses nothing while it is not running."}
      </p>
    );
  }
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="machine-usage">
      {rows.map((row) => (
        <div key={row.name}>
          <dt className="text-sm font-semibold">{row.name}</dt>
          <dd className="text-sm text-slate-600 dark:text-slate-300">
            {row.value}
            {row.percent !== null && (
              <>
                <span className="sr-only"> ({row.percent}%)</span>
                <span
                  aria-hidden="true"
                  className="mt-1.5 block h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                >
                  <span
                    className={`block h-full rounded-full ${
                      row.percent >= 90 ? "bg-amber-500" : "bg-brand-600 dark:bg-brand-400"
                    }`}
                    style={{ width: `${row.percent}%` }}
                  />
                </span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
