/**
 * Monthly or yearly: a radio group drawn as a two-way switch (arrow keys move between the two, as
 * any radio group), the yearly side saying what it saves.
 */
import type { BillingInterval } from "@lumen/contracts";
import { Badge } from "../../../ui/index.ts";

const OPTIONS: { value: BillingInterval; label: string }[] = [
  { value: "month", label: "Monthly" },
  { value: "year", label: "Yearly" },
];

export function IntervalSwitch({
  value,
  onChange,
  bestSaving,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  bestSaving: number | null;
}) {
  return (
    <fieldset className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <legend className="sr-only">Billing period</legend>
      {OPTIONS.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={`relative flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 text-sm sm:px-5 font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${
              checked
                ? "bg-brand-600 text-white"
                : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            }`}
          >
            <input
              type="radio"
              name="billing-interval"
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            {option.label}
            {option.value === "year" && bestSaving ? (
              checked ? (
                <span className="whitespace-nowrap rounded-full bg-brand-800 px-2.5 py-0.5 text-xs font-semibold">
                  Save <span className="hidden sm:inline">up to </span>
                  {bestSaving}%
                </span>
              ) : (
                <Badge tone="success" className="whitespace-nowrap">
                  Save <span className="hidden sm:inline">up to </span>
                  {bestSaving}%
                </Badge>
              )
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}
