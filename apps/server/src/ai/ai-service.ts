/**
 * {product} AI's long-lived parts for one app (issue 16): the model connection, and the replies
 * still streaming. A reply outlives its request handler (the answer is a stream), so each one is
 * tracked here: the server's graceful stop, and tests, wait for them with `idle()`.
 */
import type { Track } from "@lumen/contracts";
import type { LeakIndex } from "@lumen/core";
import type { Env } from "../env.ts";
import { leakIndexCache } from "./catalog-leak-index.ts";
import { createModelClient, type ModelClient } from "./model-client.ts";

export interface AiService {
  model: ModelClient;
  /** "Lumen AI": the product's name and " AI" (spec: the assistant's display name). */
  assistantName: string;
  /** Keeps a running reply in view until it settles. */
  track(reply: Promise<unknown>): void;
  /** Resolves once no reply is running. */
  idle(): Promise<void>;
  /** Every lesson's answer of the catalog, for the assistant chat's leak guard. */
  leakIndex(tracks: readonly Track[]): LeakIndex<number>;
}

export function createAiService(
  env: Env,
  options: { model?: ModelClient; fetch?: typeof fetch } = {},
): AiService {
  const running = new Set<Promise<unknown>>();
  return {
    model: options.model ?? createModelClient(env, { fetch: options.fetch }),
    assistantName: `${env.PRODUCT_NAME} AI`,
    track(reply) {
      const settled = reply.catch(() => {}).finally(() => running.delete(settled));
      running.add(settled);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    leakIndex: leakIndexCache(),
  };
}
