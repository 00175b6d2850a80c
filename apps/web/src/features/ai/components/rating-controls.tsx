/**
 * Thumbs up or down on a reply, with an optional reason (`submit_ai_chat_rating`); rating again
 * replaces the rating. The reason box opens after a choice and is sent with it.
 */
import type { AiRatingValue } from "@lumen/contracts";
import { useId, useState } from "react";
import { Button } from "../../../ui/index.ts";
import { Icon } from "./icons.tsx";

export function RatingControls({
  rating,
  onRate,
}: {
  rating: AiRatingValue | null;
  onRate(rating: AiRatingValue, reason?: string): Promise<void>;
}) {
  const [choice, setChoice] = useState<AiRatingValue | null>(null);
  const [reason, setReason] = useState("");
  const [status, setStatus] = useState<string>();
  const id = useId();
  const submit = async (value: AiRatingValue, text?: string) => {
    setStatus(undefined);
    try {
      await onRate(value, text?.trim() || undefined);
      setStatus("Thanks for rating this reply.");
    } catch {
      setStatus("The rating could not be saved. Try again.");
    }
  };
  const pick = (value: AiRatingValue) => {
    setChoice(value);
    void submit(value);
  };
  const shown = choice ?? rating;
  return (
    <div className="mt-2 text-xs text-slate-600 dark:text-slate-300" data-testid="ai-rating">
      <div className="flex items-center gap-1">
        <span>Was this helpful?</span>
        <Button
          variant="ghost"
          size="xs"
          aria-pressed={shown === "up"}
          onClick={() => pick("up")}
          className={shown === "up" ? "bg-emerald-100 dark:bg-emerald-900" : ""}
        >
          <Icon name="up" />
          <span className="sr-only">Helpful</span>
        </Button>
        <Button
          variant="ghost"
          size="xs"
          aria-pressed={shown === "down"}
          onClick={() => pick("down")}
          className={shown === "down" ? "bg-amber-100 dark:bg-amber-900" : ""}
        >
          <Icon name="down" />
          <span className="sr-only">Not helpful</span>
        </Button>
      </div>
      {choice && (
        <form
          className="mt-1 flex gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(choice, reason);
          }}
        >
          <label htmlFor={id} className="sr-only">
            Why? (optional)
          </label>
          <input
            id={id}
            value={reason}
            maxLength={1000}
            placeholder="Why? (optional)"
            onChange={(event) => setReason(event.target.value)}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs dark:border-slate-700 dark:bg-slate-900"
          />
          <Button type="submit" size="xs" variant="secondary">
            Send reason
          </Button>
        </form>
      )}
      <p aria-live="polite" className="mt-1">
        {status}
      </p>
    </div>
  );
}
