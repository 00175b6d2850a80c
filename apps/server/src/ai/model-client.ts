/**
 * The model connection (issue 16, ADR 0049): any OpenAI-compatible endpoint (AI_BASE_URL,
 * AI_API_KEY, AI_MODEL: OpenAI, a hosted provider, Ollama, vLLM) through the Vercel AI SDK. Every
 * call has the settings' time limit and the SDK's retries with exponential backoff, which retry
 * 429 and 5xx answers (and a dropped connection before the answer began) and honour the
 * provider's retry-after. `model-errors.ts` then says what a failure means for the learner.
 * Without AI_BASE_URL and AI_MODEL the client exists but is not configured, and every call
 * throws ai_not_configured.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  generateText,
  type LanguageModelUsage,
  type ModelMessage,
  Output,
  type StopCondition,
  stepCountIs,
  streamText,
  type ToolSet,
} from "ai";
import type { z } from "zod";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";

export type ModelSettings = Pick<
  Env,
  "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "AI_TIMEOUT_MS" | "AI_MAX_RETRIES"
>;

/** The model's own token counts for one request (all steps of it). */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

export function usageOf(usage: LanguageModelUsage | undefined): ModelUsage | null {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return null;
  return { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 };
}

export interface StreamReplyOptions {
  /** The model id; the default one when absent (aiModelOverride picks another). */
  model?: string;
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  /** Model steps at most (tool calls, then the answer). */
  maxSteps?: number;
  abortSignal?: AbortSignal;
}

export interface GenerateStructuredOptions<T> {
  schema: z.ZodType<T>;
  /** What the object is, for the model (and the provider's schema name). */
  name?: string;
  system?: string;
  prompt: string;
  model?: string;
  abortSignal?: AbortSignal;
}

export interface ModelClient {
  /** A model is set up on this server. */
  readonly configured: boolean;
  /** AI_MODEL, or null. */
  readonly defaultModel: string | null;
  /** Streams a reply: read `fullStream` (text, tool calls, errors, finish with usage). */
  streamReply(options: StreamReplyOptions): ReturnType<typeof streamText<ToolSet>>;
  /** Structured output: a zod schema in, an object of it out, with the token counts. */
  generateStructured<T>(
    options: GenerateStructuredOptions<T>,
  ): Promise<{ object: T; usage: ModelUsage | null; model: string }>;
}

export const notConfigured = () =>
  new AppError(
    "ai_not_configured",
    "The AI assistant is not set up on this server. An administrator can set AI_BASE_URL and AI_MODEL to turn it on.",
  );

export function createModelClient(
  settings: ModelSettings,
  options: { fetch?: typeof fetch } = {},
): ModelClient {
  const baseURL = settings.AI_BASE_URL;
  const defaultModel = settings.AI_MODEL ?? null;
  if (!baseURL || !defaultModel) {
    return {
      configured: false,
      defaultModel,
      streamReply: () => {
        throw notConfigured();
      },
      generateStructured: async () => {
        throw notConfigured();
      },
    };
  }
  const provider = createOpenAICompatible({
    name: "lumen-ai",
    baseURL: baseURL.replace(/\/+$/, ""),
    apiKey: settings.AI_API_KEY,
    includeUsage: true,
    supportsStructuredOutputs: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const common = {
    maxRetries: settings.AI_MAX_RETRIES,
    // The whole request, and any silence between two chunks of a stream.
    timeout: { totalMs: settings.AI_TIMEOUT_MS, chunkMs: settings.AI_TIMEOUT_MS },
  };
  return {
    configured: true,
    defaultModel,
    streamReply({ model, system, messages, tools, maxSteps = 1, abortSignal }) {
      const stopWhen: StopCondition<ToolSet> = stepCountIs(maxSteps);
      return streamText({
        ...common,
        model: provider.chatModel(model ?? defaultModel),
        system,
        messages,
        tools,
        stopWhen,
        abortSignal,
        // Errors arrive as parts of fullStream; the SDK's default would also log them.
        onError: () => {},
      });
    },
    async generateStructured({ schema, name, system, prompt, model, abortSignal }) {
      const modelId = model ?? defaultModel;
      const result = await generateText({
        ...common,
        model: provider.chatModel(modelId),
        system,
        prompt,
        abortSignal,
        output: Output.object({ schema, name }),
      });
      return {
        object: result.output as typeof schema._output,
        usage: usageOf(result.totalUsage),
        model: modelId,
      };
    },
  };
}
