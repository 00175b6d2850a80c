/**
 * The AI tutor's chat in a lesson (issue 16): the learner asks about the lesson in front of them,
 * sent with its context (lib/tutor-context.ts). Before sending it says what the next message costs,
 * or why it cannot be sent. Without a model it says so and the panel's hints stay as they were.
 */
import { useEffect, useRef } from "react";
import { languageOfFile } from "../../../editor/language-names.ts";
import { config } from "../../../lib/config.ts";
import { useAiChat } from "../hooks/use-ai-chat.ts";
import { useAiStatus } from "../hooks/use-ai-status.ts";
import { type LessonState, tutorContext } from "../lib/tutor-context.ts";
import { ChatComposer } from "./chat-composer.tsx";
import { ChatMessages } from "./chat-messages.tsx";

export function TutorChat({
  context,
  analytics,
  fileName,
  autoFocus = false,
  nested = false,
}: {
  /** The lesson as it is at send time (the current files and last run); trimmed here. */
  context: () => LessonState;
  analytics: Record<string, string | number>;
  /** The lesson's first file: its language colours the replies' code. */
  fileName: string;
  /** Opened by the Ask button: the focus moves into the chat. */
  autoFocus?: boolean;
  /** Inside the tutor panel (under its h2): an h3; beside a Check's feedback, an h2. */
  nested?: boolean;
}) {
  const status = useAiStatus();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!autoFocus) return;
    box.current?.scrollIntoView({ block: "nearest" });
    box.current?.focus();
  }, [autoFocus]);
  const ai = useAiChat(analytics);
  const name = status.data?.assistantName ?? config.assistantName;
  const Heading = nested ? "h3" : "h2";
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-label={`Ask ${name}`}
      className="space-y-3 rounded-xl border border-violet-200 bg-violet-50/40 p-3 dark:border-violet-900 dark:bg-violet-950/20"
      data-testid="tutor-chat"
    >
      <Heading className="text-sm font-semibold text-violet-900 dark:text-violet-100">
        Ask {name}
      </Heading>
      {ai.chat.messages.length > 0 && (
        <div aria-live="polite">
          <ChatMessages
            messages={ai.chat.messages}
            assistantName={name}
            language={languageOfFile(fileName)}
            onRate={ai.rate}
          />
        </div>
      )}
      <ChatComposer
        status={status.data}
        statusError={status.isError}
        sending={ai.sending}
        error={ai.error}
        placeholder="Ask about this lesson or your code"
        onSend={(message) =>
          void ai.send(message, { kind: "tutor", body: tutorContext(context()) })
        }
        onStop={ai.stop}
      />
    </section>
  );
}
