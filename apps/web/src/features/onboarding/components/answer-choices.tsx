/**
 * The answers the learner can pick, as chips under the chat: one choice that answers at once, or
 * several (pressed or not) sent with "Continue". Earlier answers show as already pressed when the
 * learner comes back to a question.
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../ui/index.ts";

const chip =
  "min-h-11 rounded-full border-2 px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
const idle =
  "border-slate-200 bg-white text-slate-800 hover:border-brand-400 hover:bg-brand-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-400 dark:hover:bg-slate-800";
const pressed =
  "border-brand-600 bg-brand-50 text-brand-800 dark:border-brand-400 dark:bg-brand-500/20 dark:text-white";

/** Puts focus on the first chip when a new question appears (not on the screen's first draw). */
function useFocusFirst(key: string) {
  const group = useRef<HTMLFieldSetElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    group.current?.querySelector("button")?.focus();
  }, [key]);
  return group;
}

export function SingleChoice<T extends string>({
  id,
  label,
  choices,
  current,
  disabled,
  onChoose,
}: {
  id: string;
  label: string;
  choices: readonly { value: T; text: string }[];
  current?: T;
  disabled: boolean;
  onChoose: (value: T) => void;
}) {
  const group = useFocusFirst(id);
  return (
    <fieldset ref={group} className="flex flex-wrap gap-2">
      <legend className="sr-only">{label}</legend>
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          disabled={disabled}
          aria-pressed={current === choice.value}
          className={`${chip} ${current === choice.value ? pressed : idle}`}
          onClick={() => onChoose(choice.value)}
        >
          {choice.text}
        </button>
      ))}
    </fieldset>
  );
}

export function MultiChoice<T extends string>({
  id,
  label,
  choices,
  initial,
  disabled,
  onSubmit,
}: {
  id: string;
  label: string;
  choices: readonly { value: T; text: string }[];
  initial: readonly T[];
  disabled: boolean;
  onSubmit: (values: T[]) => void;
}) {
  const group = useFocusFirst(id);
  const [picked, setPicked] = useState<T[]>([...initial]);
  const toggle = (value: T) =>
    setPicked((now) => (now.includes(value) ? now.filter((v) => v !== value) : [...now, value]));
  return (
    <div className="flex flex-col gap-3">
      <fieldset ref={group} className="flex flex-wrap gap-2">
        <legend className="sr-only">{label}</legend>
        {choices.map((choice) => {
          const on = picked.includes(choice.value);
          return (
            <button
              key={choice.value}
              type="button"
              disabled={disabled}
              aria-pressed={on}
              className={`${chip} ${on ? pressed : idle}`}
              onClick={() => toggle(choice.value)}
            >
              {on ? <span aria-hidden="true">✓ </span> : null}
              {choice.text}
            </button>
          );
        })}
      </fieldset>
      <div>
        <Button
          variant="brand"
          size="lg"
          disabled={disabled || picked.length === 0}
          onClick={() => onSubmit(picked)}
        >
          Continue
        </Button>
      </div>
    </div>
  );
}
