/**
 * Request parsing at the boundary: JSON bodies and queries checked with zod. Any zod schema
 * works, classic (the server's own) or mini (packages/contracts, shared with the web app).
 */
import type { Context } from "hono";
import * as z from "zod/v4/core";
import type { AppEnv } from "../context.ts";
import { errors } from "../errors.ts";
import { describeUnstorable, findUnstorableText } from "./storable-text.ts";

/** The first issue of a zod error as one line: `field.path: message`. */
export function describe(error: z.$ZodError): string {
  const first = error.issues[0];
  if (!first) return "The request is not valid.";
  const where = first.path.length ? `${first.path.join(".")}: ` : "";
  return `${where}${first.message}`;
}

/** Parses `value` like a request part: unstorable text first, then the schema; throws 400. */
export function check<T extends z.$ZodType>(schema: T, value: unknown): z.output<T> {
  const unstorable = findUnstorableText(value);
  if (unstorable) throw errors.validation(describeUnstorable(unstorable));
  const result = z.safeParse(schema, value);
  if (!result.success) throw errors.validation(describe(result.error));
  return result.data;
}

/** Reads the body as JSON (whatever the content type, so sendBeacon's blobs work) and checks it. */
export async function readJson<T extends z.$ZodType>(
  c: Context<AppEnv>,
  schema: T,
): Promise<z.output<T>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.length === 0 ? undefined : JSON.parse(text);
  } catch (cause) {
    if (cause instanceof SyntaxError) throw errors.invalidJson();
    throw cause;
  }
  return check(schema, raw);
}

export function readQuery<T extends z.$ZodType>(c: Context<AppEnv>, schema: T): z.output<T> {
  return check(schema, c.req.query());
}

export function readParams<T extends z.$ZodType>(c: Context<AppEnv>, schema: T): z.output<T> {
  return check(schema, c.req.param());
}
