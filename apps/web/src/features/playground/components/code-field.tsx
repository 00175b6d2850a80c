/** A labelled code text area of the runner playground; Ctrl+Enter (or Cmd+Enter) runs. */
import { type KeyboardEvent, useId } from "react";

const codeClass =
  "block w-full resize-y rounded-b-lg border-0 bg-white p-3 font-mono text-sm leading-6 text-slate-900 outline-none focus:ring-2 focus:ring-inset focus:ring-brand-600/40 dark:bg-slate-900 dark:text-slate-100";

export function CodeField({
  label,
  hint,
  value,
  rows,
  onChange,
  onRun,
}: {
  label: string;
  hint?: string;
  value: string;
  rows: number;
  onChange(value: string): void;
  onRun(): void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    }
  };
  const id = useId();
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs dark:border-slate-800 dark:bg-slate-900/60">
        <label htmlFor={id} className="font-mono font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        {hint && <span className="text-slate-500 dark:text-slate-400">{hint}</span>}
      </div>
      <textarea
        id={id}
        className={codeClass}
        rows={rows}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
