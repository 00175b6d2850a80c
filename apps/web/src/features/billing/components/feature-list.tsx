/** What a plan unlocks, line by line; a line it lacks is dimmed and says so to screen readers. */
import type { PlanFeature } from "../lib/plan-offers.ts";
import { CheckIcon, DashIcon } from "./icons.tsx";

export function FeatureList({ features }: { features: PlanFeature[] }) {
  return (
    <ul className="flex flex-col gap-2.5 text-sm">
      {features.map((feature) => (
        <li
          key={feature.key}
          className={`flex items-start gap-2.5 ${
            feature.included ? "" : "text-slate-500 dark:text-slate-400"
          }`}
        >
          {feature.included ? (
            <CheckIcon className="mt-px h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <DashIcon className="mt-px h-5 w-5 shrink-0 text-slate-400 dark:text-slate-500" />
          )}
          <span>
            {feature.included ? null : <span className="sr-only">Not included: </span>}
            {feature.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
