import { APICallError, RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { classifyModelError, failureMessage } from "./model-errors.ts";

const apiError = (statusCode: number | undefined, message = "failed") =>
  new APICallError({
    message,
    url: "http://127.0.0.1/v1/chat/completions",
    requestBodyValues: {},
    statusCode,
    isRetryable: statusCode === 429 || (statusCode ?? 0) >= 500,
  });

const retried = (last: unknown) =>
  new RetryError({
    message: "Failed after 3 attempts",
    reason: "maxRetriesExceeded",
    errors: [last],
  });

describe("classifyModelError", () => {
  it("names what the SDK's retries ended on", () => {
    expect(classifyModelError(retried(apiError(429)))).toMatchObject({
      kind: "rate_limited",
      status: 429,
      transient: true,
    });
    expect(classifyModelError(retried(apiError(503)))).toMatchObject({ kind: "unavailable" });
    expect(classifyModelError(apiError(500))).toMatchObject({ kind: "unavailable", status: 500 });
  });

  it("tells the operator about a 4xx: a wrong key, model or request", () => {
    expect(classifyModelError(apiError(401))).toMatchObject({
      kind: "rejected",
      transient: false,
      operatorProblem: true,
    });
    expect(classifyModelError(apiError(404)).kind).toBe("rejected");
  });

  it("knows a time limit, a connection refused and one dropped mid-answer", () => {
    expect(
      classifyModelError(new DOMException("Chunk timeout of 1000ms exceeded", "TimeoutError")).kind,
    ).toBe("timeout");
    expect(classifyModelError("The operation was aborted due to timeout").kind).toBe("timeout");
    expect(classifyModelError(retried(apiError(undefined, "Cannot connect to API"))).kind).toBe(
      "unavailable",
    );
    expect(
      classifyModelError(apiError(undefined, "Failed to process successful response")).kind,
    ).toBe("dropped");
    expect(classifyModelError(new TypeError("terminated")).kind).toBe("dropped");
  });

  it("calls anything else unknown, for the operator", () => {
    expect(classifyModelError(new Error("boom"))).toMatchObject({
      kind: "unknown",
      operatorProblem: true,
    });
  });
});

describe("failureMessage", () => {
  it("names the assistant and says nothing was charged", () => {
    for (const kind of [
      "rate_limited",
      "unavailable",
      "timeout",
      "dropped",
      "rejected",
      "unknown",
    ] as const) {
      const message = failureMessage(kind, "Lumen AI");
      expect(message).toContain("Lumen AI");
      expect(message).toMatch(/Nothing was charged\.$/);
    }
  });
});
