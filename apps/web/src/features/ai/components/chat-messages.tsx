/** The messages of a conversation: the learner's as text, the replies as sanitised Markdown. */
import type { AiRatingValue } from "@lumen/contracts";
import { textLinkClasses } from "../../../ui/index.ts";
import type { ChatMessage } from "../lib/chat-state.ts";
import { AiMarkdown } from "./ai-markdown.tsx";
import { RatingControls } from "./rating-controls.tsx";

const NOTE: Partial<Record<ChatMessage["state"], string>> = {
  stopped: "Stopped.",
  replaced: "This reply was changed so it does not give the solution away.",
};

export function ChatMessages({
  messages,
  assistantName,
  language,
  onRate,
}: {
  messages: ChatMessage[];
  assistantName: string;
  language?: string;
  onRate(messageId: number, rating: AiRatingValue, reason?: string): Promise<void>;
}) {
  return (
    <ol className="space-y-3" aria-label="Messages">
      {messages.map((message) =>
        message.role === "user" ? (
          <li
            key={message.key}
            className="ml-8 rounded-xl bg-brand-600 px-3 py-2 text-sm text-white"
          >
            <span className="sr-only">You: </span>
            <span className="whitespace-pre-wrap break-words">{message.content}</span>
          </li>
        ) : (
          <li
            key={message.key}
            className="mr-4 rounded-xl bg-white px-3 py-2 text-sm text-slate-800 shadow-sm dark:bg-slate-900 dark:text-slate-100"
            data-testid="ai-reply"
            data-state={message.state}
            aria-busy={message.state === "streaming"}
          >
            <span className="sr-only">{assistantName}: </span>
            {message.state === "error" ? (
              <p role="alert" className="text-red-700 dark:text-red-300">
                {message.content || "The reply could not be finished. Try again."}
              </p>
            ) : message.content ? (
              <AiMarkdown text={message.content} language={language} />
            ) : (
              <p className="text-slate-500 dark:text-slate-400">Thinking…</p>
            )}
            {message.suggestions.length > 0 && (
              <ul className="mt-2 space-y-1" aria-label="Suggested lessons">
                {message.suggestions.map((s) => (
                  <li key={`${s.trackId}-${s.lessonId}`}>
                    <a
                      href={s.href.startsWith("/") ? s.href : "/web/learn"}
                      className={textLinkClasses}
                    >
                      {s.title}
                    </a>{" "}
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {s.trackTitle}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {NOTE[message.state] && (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {NOTE[message.state]}
              </p>
            )}
            {message.messageId !== null && message.state !== "streaming" && (
              <RatingControls
                rating={message.rating}
                onRate={(rating, reason) => onRate(message.messageId as number, rating, reason)}
              />
            )}
          </li>
        ),
      )}
    </ol>
  );
}
