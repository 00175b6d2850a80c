/**
 * A Sentry event (from a browser, so anything) reduced to what we store and show: the exception
 * chain with frames innermost first, the breadcrumb trail, release, URL. Every field is checked
 * and bounded here; nothing of the raw event is trusted further on.
 */

import type { Breadcrumb, ErrorPlatform, StackFrame } from "@lumen/contracts";
import { OBSERVABILITY } from "@lumen/core";

export interface ExceptionView {
  type: string;
  value: string;
  frames: StackFrame[];
}

export interface NormalizedEvent {
  eventId: string | null;
  platform: ErrorPlatform;
  level: string;
  release: string | null;
  environment: string | null;
  message: string | null;
  exceptions: ExceptionView[];
  breadcrumbs: Breadcrumb[];
  /** The event's own fingerprint when it set one (without Sentry's "{{ default }}"). */
  fingerprint: string[] | null;
  url: string | null;
  requestId: string | null;
  transaction: string | null;
}

const MAX_FRAMES = 50;
const MAX_TEXT = 2000;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function text(v: unknown, max = MAX_TEXT): string | null {
  if (typeof v !== "string") return null;
  // Lone surrogates and NULs cannot be stored as PostgreSQL text.
  const clean = v
    .replace(/\0/g, "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

const int = (v: unknown): number | null =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 1e9 ? v : null;

function frameOf(raw: unknown): StackFrame | null {
  if (!isObject(raw)) return null;
  const file = text(raw.abs_path, 500) ?? text(raw.filename, 500);
  const context: [number, string][] = [];
  const line = int(raw.lineno);
  if (line !== null && typeof raw.context_line === "string") {
    const pre = Array.isArray(raw.pre_context) ? raw.pre_context.slice(-5) : [];
    const post = Array.isArray(raw.post_context) ? raw.post_context.slice(0, 5) : [];
    for (const [i, l] of pre.entries()) context.push([line - pre.length + i, text(l, 300) ?? ""]);
    context.push([line, text(raw.context_line, 300) ?? ""]);
    for (const [i, l] of post.entries()) context.push([line + 1 + i, text(l, 300) ?? ""]);
  }
  return {
    function: text(raw.function, 200),
    file,
    line,
    column: int(raw.colno),
    inApp: raw.in_app !== false && !/node_modules|^node:/.test(file ?? ""),
    mapped: false,
    context,
  };
}

function exceptionsOf(event: Json): ExceptionView[] {
  const container = event.exception;
  const values = isObject(container) ? container.values : container;
  if (!Array.isArray(values)) return [];
  // Sentry lists the chain outermost-cause first and each stack outermost call first; we show
  // the thrown error first and its innermost call first.
  return values
    .slice(-(OBSERVABILITY.linkedErrorDepth + 1))
    .reverse()
    .filter(isObject)
    .map((value) => {
      const stack = isObject(value.stacktrace) ? value.stacktrace.frames : undefined;
      const frames = Array.isArray(stack)
        ? stack
            .slice(-MAX_FRAMES)
            .reverse()
            .map(frameOf)
            .filter((f): f is StackFrame => f !== null)
        : [];
      return {
        type: text(value.type, 200) ?? "Error",
        value: text(value.value) ?? "",
        frames,
      };
    });
}

function breadcrumbsOf(event: Json): Breadcrumb[] {
  const raw = isObject(event.breadcrumbs) ? event.breadcrumbs.values : event.breadcrumbs;
  if (!Array.isArray(raw)) return [];
  return raw
    .slice(-OBSERVABILITY.bufferSize)
    .filter(isObject)
    .map((crumb) => {
      const at = typeof crumb.timestamp === "number" ? new Date(crumb.timestamp * 1000) : null;
      const data = isObject(crumb.data) ? crumb.data : {};
      const detail =
        text(crumb.message, 500) ??
        ([data.method, data.url, data.status_code].filter((v) => v !== undefined).join(" ") ||
          [data.from, data.to].filter(Boolean).join(" → ") ||
          null);
      return {
        timestamp: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
        category: text(crumb.category, 100),
        level: text(crumb.level, 20),
        message: text(detail, 500),
      };
    });
}

function messageOf(event: Json): string | null {
  if (typeof event.message === "string") return text(event.message);
  if (isObject(event.message)) return text(event.message.formatted) ?? text(event.message.message);
  if (isObject(event.logentry))
    return text(event.logentry.formatted) ?? text(event.logentry.message);
  return null;
}

export function normalizeEvent(event: Json, platform: ErrorPlatform): NormalizedEvent {
  const fingerprint = Array.isArray(event.fingerprint)
    ? event.fingerprint
        .slice(0, 10)
        .map((part) => text(part, 200))
        .filter((part): part is string => part !== null && part !== "{{ default }}")
    : [];
  const request = isObject(event.request) ? event.request : {};
  const tags = isObject(event.tags) ? event.tags : {};
  const eventId = text(event.event_id, 64);
  return {
    eventId: eventId && /^[0-9a-f-]{16,64}$/i.test(eventId) ? eventId : null,
    platform,
    level: ["fatal", "error", "warning", "info", "debug"].includes(String(event.level))
      ? String(event.level)
      : "error",
    release: text(event.release, 200),
    environment: text(event.environment, 64),
    message: messageOf(event),
    exceptions: exceptionsOf(event),
    breadcrumbs: breadcrumbsOf(event),
    fingerprint: fingerprint.length > 0 ? fingerprint : null,
    url: text(request.url, 1000),
    requestId: text(tags.requestId, 100),
    transaction: text(event.transaction, 200),
  };
}

/** The error's one-line title: "TypeError: x is undefined", or the message. */
export function titleOf(event: NormalizedEvent): string {
  const first = event.exceptions[0];
  if (first)
    return text(first.value ? `${first.type}: ${first.value}` : first.type, 300) ?? "Error";
  return text(event.message, 300) ?? "(no message)";
}

/** Where it happened: the innermost frame of ours. */
export function culpritOf(event: NormalizedEvent): string | null {
  const frame = event.exceptions[0]?.frames.find((f) => f.inApp) ?? event.exceptions[0]?.frames[0];
  if (!frame) return event.transaction;
  return `${frame.function ?? "?"} (${frame.file ?? "?"}${frame.line ? `:${frame.line}` : ""})`;
}
