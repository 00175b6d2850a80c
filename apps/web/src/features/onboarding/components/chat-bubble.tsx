/**
 * The onboarding chat's messages: the assistant's on the left beside its avatar, the learner's on
 * the right, each named for a screen reader; and the assistant's "typing" dots while a request
 * is on its way.
 */
import type { ReactNode } from "react";
import { config } from "../../../lib/config.ts";
import type { ChatMessage } from "../lib/chat-script.ts";

export function AssistantAvatar({ size = "sm" }: { size?: "sm" | "lg" }) {
  const box = size === "lg" ? "h-11 w-11" : "h-8 w-8";
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-violet-500 text-white shadow-sm`}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        fill="currentColor"
        className={size === "lg" ? "h-6 w-6" : "h-4 w-4"}
      >
        <path d="M12 2.5l1.9 5.2 5.3 1.9-5.3 1.9L12 16.7l-1.9-5.2-5.3-1.9 5.3-1.9L12 2.5zm6.5 11.5l.9 2.4 2.4.9-2.4.9-.9 2.4-.9-2.4-2.4-.9 2.4-.9.9-2.4z" />
      </svg>
    </span>
  );
}

export function AssistantSays({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-end gap-2 pr-10 sm:pr-24">
      <AssistantAvatar />
      <div className="min-w-0 rounded-2xl rounded-bl-md bg-slate-100 px-4 py-2.5 text-slate-900 dark:bg-slate-800 dark:text-slate-100">
        <span className="sr-only">{config.assistantName}: </span>
        {children}
      </div>
    </li>
  );
}

export function ChatBubble({ message }: { message: ChatMessage }) {
  if (message.from === "assistant") return <AssistantSays>{message.text}</AssistantSays>;
  return (
    <li className="flex justify-end pl-10 sm:pl-24">
      <div className="min-w-0 break-words rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-white">
        <span className="sr-only">You: </span>
        {message.text}
      </div>
    </li>
  );
}

export function TypingIndicator() {
  return (
    <li className="flex items-end gap-2">
      <AssistantAvatar />
      <div
        role="status"
        className="flex items-center gap-1 rounded-2xl rounded-bl-md bg-slate-100 px-4 py-3.5 dark:bg-slate-800"
      >
        <span className="sr-only">{config.assistantName} is typing…</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            style={{ animationDelay: `${delay}ms` }}
            className="h-2 w-2 rounded-full bg-slate-400 motion-safe:animate-bounce dark:bg-slate-500"
          />
        ))}
      </div>
    </li>
  );
}
