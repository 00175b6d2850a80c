/**
 * The server's own errors (the 500 path of http/error-handler.ts): built into a Sentry event with
 * the SDK's core (its Node stack parser, linked errors to spec section 9's depth), stored in our
 * own store directly (no network hop), and forwarded to SENTRY_DSN when set. Why not @sentry/node's
 * init: ADR 0041 (it costs the start-up about a second for instrumentation we do not use).
 * Capturing never blocks or fails the answer; tests await `flushServerErrors`.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OBSERVABILITY } from "@lumen/core";
import { storeErrorEvent } from "../commands/store-error-event.ts";
import type { AppDeps } from "../context.ts";
import { forwardEnvelope } from "./forward.ts";
import { normalizeEvent } from "./normalize-event.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const CONTEXT_LINES = 3;
const pending = new WeakMap<AppDeps, Set<Promise<void>>>();

export interface ServerErrorRequest {
  requestId: string;
  method: string;
  path: string;
}

type SentryCore = typeof import("@sentry/core");
let core: Promise<SentryCore> | undefined;
// Loaded at the first error, so that it never costs the start-up anything.
const loadCore = () => {
  core ??= import("@sentry/core");
  return core;
};

/** The error and its causes, thrown error last (Sentry's order), at most the linked depth. */
function chainOf(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length <= OBSERVABILITY.linkedErrorDepth) {
    chain.unshift(current);
    current = current.cause;
  }
  return chain.length > 0 ? chain : [new Error(String(error))];
}

async function contextFor(file: string, line: number): Promise<[number, string][]> {
  const source = await readFile(file, "utf8").catch(() => null);
  if (source === null) return [];
  const lines = source.split("\n");
  const out: [number, string][] = [];
  for (
    let n = Math.max(1, line - CONTEXT_LINES);
    n <= Math.min(lines.length, line + CONTEXT_LINES);
    n++
  ) {
    out.push([n, (lines[n - 1] ?? "").slice(0, 300)]);
  }
  return out;
}

export async function buildServerEvent(deps: AppDeps, error: unknown, request: ServerErrorRequest) {
  const sentry = await loadCore();
  const parser = sentry.createStackParser(sentry.nodeStackLineParser());
  const values = chainOf(error).map((e) => sentry.exceptionFromError(parser, e));
  return {
    event_id: sentry.uuid4(),
    timestamp: deps.clock().getTime() / 1000,
    platform: "node",
    level: "error",
    release: deps.env.RELEASE ?? null,
    environment: deps.env.NODE_ENV,
    exception: { values },
    request: { method: request.method, url: request.path },
    tags: { requestId: request.requestId },
  };
}

async function capture(deps: AppDeps, error: unknown, request: ServerErrorRequest): Promise<void> {
  const raw = await buildServerEvent(deps, error, request);
  const event = normalizeEvent(raw, "server");
  const exceptions = await Promise.all(
    event.exceptions.map(async (e) => ({
      ...e,
      frames: await Promise.all(
        e.frames.map(async (frame) => {
          if (!frame.file) return frame;
          const absolute = frame.file.startsWith("file://")
            ? fileURLToPath(frame.file)
            : frame.file;
          if (!path.isAbsolute(absolute)) return frame;
          const ours = frame.inApp && absolute.startsWith(REPO_ROOT);
          return {
            ...frame,
            file: ours ? path.relative(REPO_ROOT, absolute) : absolute,
            inApp: ours,
            context: ours && frame.line ? await contextFor(absolute, frame.line) : [],
          };
        }),
      ),
    })),
  );
  await storeErrorEvent({
    db: deps.database.db,
    event: { ...event, exceptions },
    now: deps.clock(),
  });
  if (deps.env.SENTRY_DSN) {
    const body = `${JSON.stringify({ event_id: raw.event_id, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: "event" })}\n${JSON.stringify(raw)}`;
    await forwardEnvelope({
      sentryDsn: deps.env.SENTRY_DSN,
      envelope: new TextEncoder().encode(body),
      logger: deps.logger,
    });
  }
}

/** Reports an unexpected error in the background; a failure to report is logged, never thrown. */
export function captureServerError(
  deps: AppDeps,
  error: unknown,
  request: ServerErrorRequest,
): void {
  let set = pending.get(deps);
  if (!set) {
    set = new Set();
    pending.set(deps, set);
  }
  const job: Promise<void> = capture(deps, error, request)
    .catch((failure: unknown) =>
      deps.logger.warn({ err: failure }, "could not store a server error"),
    )
    .finally(() => set.delete(job));
  set.add(job);
}

/** Waits for the errors being stored (tests, and a graceful stop). */
export async function flushServerErrors(deps: AppDeps): Promise<void> {
  await Promise.all([...(pending.get(deps) ?? [])]);
}
