/**
 * One AI conversation in the page: sends a message (tutor or assistant), applies the reply stream
 * to the shown messages (lib/chat-state.ts), stops a reply by aborting its fetch, rates replies,
 * and keeps /v1/ai/status current after each reply (credits and free messages change).
 */
import type {
  AiRatingValue,
  AiStreamChunk,
  AssistantMessageBody,
  TutorMessageBody,
} from "@lumen/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { isApiError } from "../../../lib/api-error.ts";
import { aiApi } from "../api/ai-client.ts";
import {
  applyChunk,
  type ChatState,
  EMPTY_CHAT,
  endReply,
  withQuestion,
  withRating,
} from "../lib/chat-state.ts";
import { sendErrorText } from "../lib/send-error.ts";
import { AI_STATUS_KEY } from "./use-ai-status.ts";

export type SendRequest =
  | { kind: "tutor"; body: Omit<TutorMessageBody, "conversationId" | "message"> }
  | { kind: "assistant"; body: Omit<AssistantMessageBody, "conversationId" | "message"> };

export function useAiChat(analytics: Record<string, string | number> = {}) {
  const [chat, setChat] = useState<ChatState>(EMPTY_CHAT);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const conversationId = useRef<string | undefined>(undefined);
  conversationId.current = chat.conversationId;

  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async (message: string, request: SendRequest) => {
      const controller = new AbortController();
      abort.current = controller;
      setError(undefined);
      setSending(true);
      setChat((state) => withQuestion(state, message));
      track("tutor_interaction", { ...analytics, action: "ai_message", kind: request.kind });
      const id = conversationId.current;
      const withConversation = { ...(id ? { conversationId: id } : {}), message };
      try {
        const stream: AsyncGenerator<AiStreamChunk> =
          request.kind === "tutor"
            ? aiApi.tutor({ ...request.body, ...withConversation }, controller.signal)
            : aiApi.chat({ ...request.body, ...withConversation }, controller.signal);
        for await (const chunk of stream) setChat((state) => applyChunk(state, chunk));
        setChat((state) =>
          endReply(state, controller.signal.aborted ? "stopped" : "error", undefined),
        );
      } catch (caught) {
        const text = sendErrorText(caught);
        // A refusal before the stream: the question was not kept, so take it back off the page.
        setChat((state) => ({ ...state, messages: state.messages.slice(0, -2) }));
        setError(text);
        if (isApiError(caught)) void queryClient.invalidateQueries({ queryKey: AI_STATUS_KEY });
      } finally {
        if (abort.current === controller) abort.current = null;
        setSending(false);
        void queryClient.invalidateQueries({ queryKey: AI_STATUS_KEY });
      }
    },
    [analytics, queryClient],
  );

  const stop = useCallback(() => abort.current?.abort(), []);

  const rate = useCallback(
    async (messageId: number, rating: AiRatingValue, reason?: string) => {
      track("submit_ai_chat_rating", { ...analytics, rating, messageId });
      await aiApi.rate(messageId, reason ? { rating, reason } : { rating });
      setChat((state) => withRating(state, messageId, rating));
    },
    [analytics],
  );

  return { chat, setChat, sending, error, send, stop, rate };
}
