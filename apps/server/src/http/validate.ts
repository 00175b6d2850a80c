/** Request parsing at the boundary: JSON bodies and queries checked with zod. */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../context.ts";
import { errors } from "../errors.ts";

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return "The request is not valid.";
  const where = first.path.length ? `${first.path.join(".")}: ` : "";
  return `${where}${first.message}`;
}

/** Reads the body as JSON (whatever the content type, so sendBeacon's blobs work) and checks it. */
export async function readJson<T extends z.ZodType>(
  c: Context<AppEnv>,
  schema: T,
): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.length === 0 ? undefined : JSON.parse(text);
  } catch (cause) {
    if (cause instanceof SyntaxError) throw errors.invalidJson();
    throw cause;
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw errors.validation(describe(result.error));
  return result.data;
}

export function readQuery<T extends z.ZodType>(c: Context<AppEnv>, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw errors.validation(describe(result.error));
  return result.data;
}

export function readParams<T extends z.ZodType>(c: Context<AppEnv>, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.param());
  if (!result.success) throw errors.validation(describe(result.error));
  return result.data;
}
