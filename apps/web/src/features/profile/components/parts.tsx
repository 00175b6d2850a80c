/**
 * The profile page's building blocks, made of the UI kit: a titled section card, a radio group
 * drawn as tiles (native radios: arrow keys move between them, as the WAI-ARIA radio group
 * pattern has it), a switch, and a form's status line.
 */
import type { ReactNode } from "react";
import { Alert, Card } from "../../../ui/index.ts";

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card asChild className="sm:p-6">
      <section aria-labelledby={`${id}-title`} id={id}>
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        {description ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        ) : null}
        <div className="mt-5 flex flex-col gap-5">{children}</div>
      </section>
    </Card>
  );
}

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  hint?: string;
}

export function ChoiceGroup<T extends string | number>({
  legend,
  name,
  value,
  choices,
  onChange,
  columns = 3,
  disabled = false,
}: {
  legend: string;
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  columns?: 2 | 3 | 4;
  disabled?: boolean;
}) {
  const grid = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-3", 4: "grid-cols-2 sm:grid-cols-4" }[
    columns
  ];
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${grid}`}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border-2 px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${
                checked
                  ? "border-brand-500 bg-brand-50 dark:bg-brand-500/15"
                  : "border-slate-200 bg-white hover:border-slate-300 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-600"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={String(choice.value)}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600 focus-visible:outline-none"
              />
              <span>
                <span className="block font-semibold">{choice.label}</span>
                {choice.hint ? (
                  <span className="block text-slate-600 dark:text-slate-400">{choice.hint}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function Switch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4">
      <span>
        <span className="block text-sm font-medium">{label}</span>
        {hint ? (
          <span className="block text-sm text-slate-600 dark:text-slate-400">{hint}</span>
        ) : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition before:block before:h-5 before:w-5 before:translate-x-0.5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-brand-600 checked:before:translate-x-5.5 dark:bg-slate-600 dark:checked:bg-brand-500"
      />
    </label>
  );
}

/** A form's outcome: a success waits its turn with screen readers, an error interrupts. */
export function Outcome({ ok, error }: { ok?: ReactNode; error?: ReactNode }) {
  if (error) {
    return (
      <Alert role="alert" tone="danger" size="sm">
        {error}
      </Alert>
    );
  }
  if (ok) {
    return (
      <Alert role="status" tone="success" size="sm">
        {ok}
      </Alert>
    );
  }
  return null;
}
