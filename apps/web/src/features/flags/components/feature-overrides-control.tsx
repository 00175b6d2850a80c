/**
 * The developer toolbar's flag override control (issue 14): for each flag, on, off or the
 * default the rules give; the choice is kept in the feature-override cookie for this browser
 * only, and the flags are read again at once. A valued flag shows its value (the model name).
 */
import {
  FEATURE_FLAGS,
  type FeatureFlag,
  isValuedFeatureFlag,
  type ValuedFeatureFlag,
} from "@lumen/core";
import { useId, useState } from "react";
import { refreshFlags, useFlag, useFlagValue } from "../flags-provider.tsx";

function FlagValue({ flag }: { flag: ValuedFeatureFlag }) {
  const value = useFlagValue(flag);
  return value === null ? null : <span className="opacity-75">: {value}</span>;
}

import { currentOverrides, type FeatureOverrides, writeOverrides } from "../overrides-cookie.ts";

type Choice = "default" | "on" | "off";

function FlagRow({
  flag,
  choice,
  onChange,
}: {
  flag: FeatureFlag;
  choice: Choice;
  onChange: (choice: Choice) => void;
}) {
  const id = useId();
  const value = useFlag(flag);
  return (
    <li className="flex items-center justify-between gap-2">
      <label htmlFor={id} className="break-all">
        {flag} <span className="opacity-75">({value ? "on" : "off"})</span>
        {isValuedFeatureFlag(flag) ? <FlagValue flag={flag} /> : null}
      </label>
      <select
        id={id}
        value={choice}
        onChange={(event) => onChange(event.target.value as Choice)}
        className="rounded border border-amber-400 bg-white px-1 py-0.5 text-amber-950 dark:border-amber-600 dark:bg-amber-900 dark:text-amber-50"
      >
        <option value="default">default</option>
        <option value="on">on</option>
        <option value="off">off</option>
      </select>
    </li>
  );
}

export function FeatureOverridesControl() {
  const [overrides, setOverrides] = useState<FeatureOverrides>(() => currentOverrides());
  const choose = (flag: FeatureFlag, choice: Choice) => {
    const next: FeatureOverrides = { ...overrides };
    if (choice === "default") delete next[flag];
    else next[flag] = choice === "on";
    writeOverrides(next);
    setOverrides(next);
    void refreshFlags();
  };
  const choiceOf = (flag: FeatureFlag): Choice =>
    overrides[flag] === undefined ? "default" : overrides[flag] ? "on" : "off";
  return (
    <details className="w-full font-sans">
      <summary className="cursor-pointer font-medium">Feature flag overrides</summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {FEATURE_FLAGS.map((flag) => (
          <FlagRow
            key={flag}
            flag={flag}
            choice={choiceOf(flag)}
            onChange={(choice) => choose(flag, choice)}
          />
        ))}
      </ul>
    </details>
  );
}
