/**
 * What a failed model call means (issue 16): the AI SDK has already retried 429 and 5xx answers
 * with backoff (model-client.ts); what reaches here is final. Each kind has the sentence the
 * learner sees (nothing was charged: credits are spent only for a reply) and whether it is the
 * operator's problem (logged as an error) rather than the provider's weather (a warning).
 */
import { APICallError, RetryError } from "ai";

export type ModelFailure =
  /** The provider kept answering 429. */
  | "rate_limited"
  /** 5xx, or no connection at all. */
  | "unavailable"
  /** No answer, or a silence between chunks, past AI_TIMEOUT_MS. */
  | "timeout"
  /** The connection broke off in the middle of the answer. */
  | "dropped"
  /** Another 4xx: a wrong key, model name or request; the operator must look. */
  | "rejected"
  | "unknown";

export interface ClassifiedFailure {
  kind: ModelFailure;
  /** The provider's HTTP status, when it answered one. */
  status: number | null;
  /** Worth a retry by the learner later (false: it will fail again until the operator acts). */
  transient: boolean;
  operatorProblem: boolean;
}

function lastCause(error: unknown): unknown {
  if (RetryError.isInstance(error)) return error.lastError;
  return error;
}

function isTimeout(error: unknown): boolean {
  if (error instanceof Error && (error.name === "TimeoutError" || /timeout/i.test(error.message))) {
    return true;
  }
  return typeof error === "string" && /timeout/i.test(error);
}

/** Sorts a model error (an SDK error, a fetch error, an abort reason) into a ModelFailure. */
export function classifyModelError(error: unknown): ClassifiedFailure {
  const cause = lastCause(error);
  const result = (kind: ModelFailure, status: number | null = null): ClassifiedFailure => ({
    kind,
    status,
    transient: kind !== "rejected" && kind !== "unknown",
    operatorProblem: kind === "rejected" || kind === "unknown",
  });
  if (isTimeout(cause) || isTimeout(error)) return result("timeout");
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode ?? null;
    if (status === 429) return result("rate_limited", status);
    if (status !== null && status >= 500) return result("unavailable", status);
    if (status !== null && status >= 400) return result("rejected", status);
    // No status: the request never got an answer, or the answer's body broke off.
    if (/successful response/i.test(cause.message)) return result("dropped");
    return result("unavailable");
  }
  if (cause instanceof TypeError && /fetch failed|terminated|socket/i.test(cause.message)) {
    return result("dropped");
  }
  return result("unknown");
}

/** The sentence the learner sees for a failure, naming the assistant. */
export function failureMessage(kind: ModelFailure, assistantName: string): string {
  const nothing = "Nothing was charged.";
  switch (kind) {
    case "rate_limited":
      return `${assistantName} is very busy right now. Please try again in a minute. ${nothing}`;
    case "unavailable":
      return `${assistantName} can't be reached right now. Please try again in a few minutes. ${nothing}`;
    case "timeout":
      return `${assistantName} took too long to answer. Please try again. ${nothing}`;
    case "dropped":
      return `The connection to ${assistantName} broke off before the reply was finished. Please try again. ${nothing}`;
    case "rejected":
    case "unknown":
      return `${assistantName} could not answer just now, and we have been told. Please try again later. ${nothing}`;
  }
}
