/**
 * The message box under a chat: the next message's cost from /v1/ai/status, or why it cannot be
 * sent (disabled before sending, not after), Send, and Stop while a reply streams.
 */
import type { AiStatusAnswer } from "@lumen/contracts";
import { useId, useState } from "react";
import { Alert, Button, textLinkClasses } from "../../../ui/index.ts";
import { statusView } from "../lib/status-view.ts";

export function ChatComposer({
  status,
  statusError,
  sending,
  error,
  placeholder,
  onSend,
  onStop,
}: {
  status: AiStatusAnswer | undefined;
  statusError: boolean;
  sending: boolean;
  error: string | undefined;
  placeholder: string;
  onSend(message: string): void;
  onStop(): void;
}) {
  const [text, setText] = useState("");
  const id = useId();
  const view = status ? statusView(status) : undefined;
  const blocked = view?.kind === "blocked";
  const disabled = !view || blocked;
  const submit = () => {
    const message = text.trim();
    if (!message || disabled || sending) return;
    setText("");
    onSend(message);
  };
  return (
    <div className="space-y-2" data-testid="ai-composer">
      {view?.kind === "blocked" && (
        <Alert
          id={`${id}-blocked`}
          tone={view.reason === "not_configured" ? "neutral" : "warning"}
          size="sm"
          data-testid="ai-blocked"
        >
          <p className="font-semibold">{view.title}</p>
          <p className="mt-0.5">{view.text}</p>
          {view.reason === "insufficient_credits" && (
            <a href={view.link} className={`${textLinkClasses} mt-1 inline-block`}>
              See plans with AI credits
            </a>
          )}
        </Alert>
      )}
      {statusError && !status && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          Could not read whether the AI can answer. Try again later.
        </p>
      )}
      {error && (
        <p
          role="alert"
          className="text-xs text-red-700 dark:text-red-300"
          data-testid="ai-send-error"
        >
          {error}
        </p>
      )}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={id} className="sr-only">
          Your message
        </label>
        <textarea
          id={id}
          value={text}
          rows={2}
          maxLength={4000}
          disabled={disabled}
          placeholder={blocked ? "Sending is not possible right now" : placeholder}
          aria-describedby={blocked ? `${id}-blocked` : `${id}-cost`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
          className="min-h-10 min-w-0 flex-1 resize-y rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900"
        />
        {sending ? (
          <Button type="button" variant="danger" onClick={onStop}>
            Stop
          </Button>
        ) : (
          <Button type="submit" variant="brand" disabled={disabled || text.trim() === ""}>
            Send
          </Button>
        )}
      </form>
      {!blocked && (
        <p
          id={`${id}-cost`}
          className="text-xs text-slate-600 dark:text-slate-400"
          data-testid="ai-cost"
        >
          {view?.kind === "ready" ? view.cost : "Checking what a message costs…"}
        </p>
      )}
    </div>
  );
}
