/**
 * The one place errors become HTTP answers: `{ code, message }` with the code's status. Anything
 * that is not an AppError is our fault: it is logged with its stack and the request id, and the
 * learner sees a plain sentence with that id, never the stack.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context.ts";
import { AppError, errors } from "../errors.ts";
import { captureServerError } from "../observability/server-errors.ts";

export function toAppError(error: unknown, requestId: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException && error.status === 413) return errors.payloadTooLarge("1 MB");
  return errors.internal(requestId);
}

export function handleError(error: unknown, c: Context<AppEnv>): Response {
  const requestId = c.get("requestId") ?? "unknown";
  const appError = toAppError(error, requestId);
  const log = c.get("log");
  if (appError.isReportable) {
    log?.error({ err: error, requestId }, "request failed");
    // Our fault and unforeseen: reported to the error console (issue 14, observability/).
    const deps = c.get("deps");
    if (deps && !(error instanceof AppError) && appError.code === "internal") {
      captureServerError(deps, error, { requestId, method: c.req.method, path: c.req.path });
    }
  } else {
    log?.debug({ code: appError.code }, appError.message);
  }
  // Every 429 says when to come back; a limit that knows better says so itself.
  const retryAfter = appError.retryAfterSeconds ?? (appError.status === 429 ? 60 : undefined);
  if (retryAfter !== undefined) c.header("Retry-After", String(Math.ceil(retryAfter)));
  return c.json({ code: appError.code, message: appError.message }, appError.status);
}
