/**
 * The {product} AI calls (issue 16, contracts ai.ts): status before sending, the tutor and the
 * assistant reply streams, conversations, ratings, and the course engineers' ratings report.
 * A refused call throws the app's ApiError (a refusal before a stream starts is plain JSON).
 */
import {
  type AiConversationAnswer,
  type AiConversationList,
  type AiRatingAnswer,
  type AiRatingBody,
  type AiRatingsAdminAnswer,
  type AiStatusAnswer,
  type AiStreamChunk,
  type AssistantMessageBody,
  aiConversationAnswerSchema,
  aiConversationListSchema,
  aiRatingAnswerSchema,
  aiRatingsAdminAnswerSchema,
  aiStatusAnswerSchema,
  type TutorMessageBody,
} from "@lumen/contracts";
import { callApi } from "../../../lib/api-call.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { postJson } from "../../billing/api/billing-client.ts";
import { readAiStream } from "./read-ai-stream.ts";

/** Posts BODY to a reply stream at PATH and yields its chunks; aborting SIGNAL stops the reply. */
export async function* streamReply(
  path: string,
  body: TutorMessageBody | AssistantMessageBody,
  signal: AbortSignal,
): AsyncGenerator<AiStreamChunk> {
  let response: Response;
  try {
    response = await apiFetch(path, { ...postJson(body), signal });
  } catch (error) {
    if (signal.aborted) return;
    throw error instanceof ApiError ? error : ApiError.unreachable();
  }
  if (!response.ok || !response.body) {
    const answer: unknown = await response.json().catch(() => null);
    throw ApiError.fromAnswer(response.status, answer);
  }
  try {
    yield* readAiStream(response.body);
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
};

export const aiApi = {
  status: (): Promise<AiStatusAnswer> => callApi(aiStatusAnswerSchema, "/v1/ai/status"),
  tutor: (body: TutorMessageBody, signal: AbortSignal) =>
    streamReply("/v1/ai/tutor/messages", body, signal),
  chat: (body: AssistantMessageBody, signal: AbortSignal) =>
    streamReply("/v1/ai/chat/messages", body, signal),
  conversations: (filter: { kind?: string; lessonId?: number } = {}): Promise<AiConversationList> =>
    callApi(aiConversationListSchema, `/v1/ai/conversations${query(filter)}`),
  conversation: (id: string): Promise<AiConversationAnswer> =>
    callApi(aiConversationAnswerSchema, `/v1/ai/conversations/${encodeURIComponent(id)}`),
  deleteConversation: async (id: string): Promise<void> => {
    const response = await apiFetch(`/v1/ai/conversations/${encodeURIComponent(id)}`, {
      method: "DELETE",
    }).catch(() => {
      throw ApiError.unreachable();
    });
    if (!response.ok) {
      throw ApiError.fromAnswer(response.status, await response.json().catch(() => null));
    }
  },
  rate: (messageId: number, body: AiRatingBody): Promise<AiRatingAnswer> =>
    callApi(aiRatingAnswerSchema, `/v1/ai/messages/${messageId}/rating`, postJson(body)),
  ratings: (
    filter: { lessonId?: number; rating?: string; before?: number } = {},
  ): Promise<AiRatingsAdminAnswer> =>
    callApi(aiRatingsAdminAnswerSchema, `/v1/ai/ratings${query(filter)}`),
};
