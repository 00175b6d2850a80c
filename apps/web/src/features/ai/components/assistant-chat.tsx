/**
 * The assistant chat box (issue 16, `toggle_chatbox`): a Radix dialog at the corner of the screen
 * (focus kept inside, Escape closes, named by its title) with the conversation, the history of
 * the learner's conversations, and suggested lessons as links. Loaded lazily (chat-launcher.tsx).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useRouterState } from "@tanstack/react-router";
import { useState } from "react";
import { config } from "../../../lib/config.ts";
import { Button } from "../../../ui/index.ts";
import { aiApi } from "../api/ai-client.ts";
import { useAiChat } from "../hooks/use-ai-chat.ts";
import { useAiStatus } from "../hooks/use-ai-status.ts";
import { useConversations } from "../hooks/use-conversations.ts";
import { EMPTY_CHAT, fromStored } from "../lib/chat-state.ts";
import { ChatComposer } from "./chat-composer.tsx";
import { ChatMessages } from "./chat-messages.tsx";
import { ConversationHistory } from "./conversation-history.tsx";

export function AssistantChat({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const status = useAiStatus();
  const ai = useAiChat();
  const [view, setView] = useState<"chat" | "history">("chat");
  const [loadError, setLoadError] = useState<string>();
  const history = useConversations(open && view === "history");
  const path = useRouterState({ select: (state) => state.location.pathname });
  const name = status.data?.assistantName ?? config.assistantName;

  const openConversation = async (id: string) => {
    setLoadError(undefined);
    try {
      const answer = await aiApi.conversation(id);
      ai.setChat(fromStored(answer.conversation.id, answer.messages));
      setView("chat");
    } catch {
      setLoadError("That conversation could not be opened.");
    }
  };
  const remove = (id: string) => {
    history.remove.mutate(id);
    if (ai.chat.conversationId === id) ai.setChat(EMPTY_CHAT);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/30 sm:bg-transparent" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="chatbox"
          className="fixed inset-x-2 bottom-2 z-50 flex max-h-[calc(100dvh-1rem)] flex-col rounded-2xl border border-slate-200 bg-slate-50 text-slate-900 shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:h-[min(36rem,calc(100dvh-2rem))] sm:w-[26rem] dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <Dialog.Title className="text-base font-bold">{name}</Dialog.Title>
            <div className="ml-auto flex gap-1">
              <Button
                variant="ghost"
                size="xs"
                aria-pressed={view === "history"}
                onClick={() => setView(view === "history" ? "chat" : "history")}
              >
                History
              </Button>
              <Button
                variant="ghost"
                size="xs"
                disabled={ai.sending}
                onClick={() => {
                  ai.setChat(EMPTY_CHAT);
                  setView("chat");
                }}
              >
                New chat
              </Button>
              <Dialog.Close asChild>
                <Button variant="ghost" size="xs">
                  <span aria-hidden="true">✕</span>
                  <span className="sr-only">Close</span>
                </Button>
              </Dialog.Close>
            </div>
          </div>
          <div className="min-h-40 flex-1 overflow-y-auto px-4 py-3" aria-live="polite">
            {loadError && (
              <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-300">
                {loadError}
              </p>
            )}
            {view === "history" ? (
              <ConversationHistory
                conversations={history.list.data?.conversations ?? []}
                loading={history.list.isPending}
                failed={history.list.isError}
                onOpen={(id) => void openConversation(id)}
                onDelete={remove}
              />
            ) : ai.chat.messages.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Ask about programming or your progress. I can suggest what to learn next.
              </p>
            ) : (
              <ChatMessages messages={ai.chat.messages} assistantName={name} onRate={ai.rate} />
            )}
          </div>
          <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
            <ChatComposer
              status={status.data}
              statusError={status.isError}
              sending={ai.sending}
              error={ai.error}
              placeholder={`Message ${name}`}
              onSend={(message) => {
                setView("chat");
                void ai.send(message, { kind: "assistant", body: { path } }).then(history.refresh);
              }}
              onStop={ai.stop}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
