/**
 * The free-text box under the choices, shown only when the server has a model: the learner can
 * answer in their own words ("I run a small bakery"), which the model maps onto the same answers.
 */
import { MAX_ONBOARDING_TEXT } from "@lumen/contracts";
import { type FormEvent, useState } from "react";
import { Button, Input } from "../../../ui/index.ts";

export function FreeTextAnswer({
  id,
  disabled,
  onSend,
}: {
  id: string;
  disabled: boolean;
  onSend: (text: string) => void;
}) {
  const [text, setText] = useState("");
  const inputId = `${id}-text`;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend(trimmed);
    setText("");
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Or answer in your own words
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={text}
          maxLength={MAX_ONBOARDING_TEXT}
          autoComplete="off"
          placeholder="Type your answer…"
          onChange={(event) => setText(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" size="lg" disabled={disabled || !text.trim()}>
          Send
        </Button>
      </div>
    </form>
  );
}
