import { describe, expect, it } from "vitest";
import {
  IDLE_TRACE_CHILD_SPAN_TIMEOUT_MS,
  IDLE_TRACE_HEARTBEATS,
  OBSERVABILITY,
} from "./observability.ts";
import {
  IGNORED_ERROR_MESSAGES,
  isIgnoredErrorMessage,
  isIgnoredTransaction,
  isSampled,
} from "./observability-rules.ts";

describe("spec section 9's error-reporting constants", () => {
  it("are the spec's values", () => {
    expect(OBSERVABILITY.traceSampleRate).toBe(0.05);
    expect(OBSERVABILITY.performanceSampleRate).toBe(0.1);
    expect(OBSERVABILITY.bufferSize).toBe(30);
    expect(OBSERVABILITY.linkedErrorDepth).toBe(5);
    expect(OBSERVABILITY.idleTraceTimeoutMs).toBe(1000);
    expect(OBSERVABILITY.finalTraceTimeoutMs).toBe(30_000);
    expect(OBSERVABILITY.heartbeatMs).toBe(5000);
    expect(OBSERVABILITY.rateLimitBackoffMs).toBe(60_000);
  });

  it("let an idle trace wait three 5 s heartbeats on child spans that do not change", () => {
    expect(IDLE_TRACE_HEARTBEATS).toBe(3);
    expect(IDLE_TRACE_CHILD_SPAN_TIMEOUT_MS).toBe(15_000);
  });
});

describe("isIgnoredErrorMessage", () => {
  it("ignores the generic script error and ResizeObserver loop notices", () => {
    expect(IGNORED_ERROR_MESSAGES).toContain("Script error.");
    expect(isIgnoredErrorMessage("Script error.")).toBe(true);
    expect(isIgnoredErrorMessage("Script error")).toBe(true);
    expect(isIgnoredErrorMessage("ResizeObserver loop limit exceeded")).toBe(true);
    expect(
      isIgnoredErrorMessage("ResizeObserver loop completed with undelivered notifications."),
    ).toBe(true);
    expect(isIgnoredErrorMessage("Uncaught Error: ResizeObserver loop limit exceeded")).toBe(true);
  });

  it("keeps every other error", () => {
    expect(isIgnoredErrorMessage("Script error in lesson 3")).toBe(false);
    expect(isIgnoredErrorMessage("TypeError: x is undefined")).toBe(false);
    expect(isIgnoredErrorMessage("")).toBe(false);
    expect(isIgnoredErrorMessage(undefined)).toBe(false);
  });
});

describe("isIgnoredTransaction", () => {
  it("ignores health checks and the 404 page", () => {
    expect(isIgnoredTransaction("/healthz")).toBe(true);
    expect(isIgnoredTransaction("GET /healthz")).toBe(true);
    expect(isIgnoredTransaction("/healthz?deep=1")).toBe(true);
    expect(isIgnoredTransaction("404")).toBe(true);
    expect(isIgnoredTransaction("/404")).toBe(true);
  });

  it("keeps the product's screens", () => {
    expect(isIgnoredTransaction("/web/home")).toBe(false);
    expect(isIgnoredTransaction("/healthzone")).toBe(false);
    expect(isIgnoredTransaction(undefined)).toBe(false);
  });
});

describe("isSampled", () => {
  it("samples one page view in ten by default", () => {
    expect(isSampled(0.05)).toBe(true);
    expect(isSampled(0.1)).toBe(false);
    expect(isSampled(0.99, 1)).toBe(true);
  });
});
