/**
 * What a request may carry before its schema sees it (issue 11 part 4). PostgreSQL text cannot
 * hold NUL (U+0000), and a lone UTF-16 surrogate is not Unicode at all: either one, anywhere in a
 * request, used to end in a 500 or, worse, in text silently changed on its way to the database.
 * Such text is refused with a 400 naming the field, never stored, escaped or changed (ADR 0019).
 * JSON nested deeper than any of our shapes is refused too, before anything walks it: a 1 MB
 * body can nest half a million arrays, which would overflow the stack of a recursive walk.
 */

export type UnstorableKind = "nul" | "surrogate" | "depth";

export interface Unstorable {
  path: string;
  kind: UnstorableKind;
}

/** Deeper than every request shape of the API, with room to spare. */
export const MAX_JSON_DEPTH = 32;

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problem(text: string): UnstorableKind | undefined {
  if (text.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(text)) return "surrogate";
  return undefined;
}

/**
 * The first string (a key or a value) in `value` that the database cannot store faithfully, or
 * the first place nested deeper than MAX_JSON_DEPTH. Walks with a stack of its own, not by
 * recursion, so no input can overflow the call stack.
 */
export function findUnstorableText(value: unknown): Unstorable | undefined {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof item === "string") {
      const kind = problem(item);
      if (kind) return { path: path.join("."), kind };
      continue;
    }
    if (!item || typeof item !== "object") continue;
    if (path.length >= MAX_JSON_DEPTH) return { path: path.join("."), kind: "depth" };
    const entries = Array.isArray(item)
      ? item.map((child, i) => [String(i), child] as const)
      : Object.entries(item);
    if (!Array.isArray(item)) {
      for (const [key] of entries) {
        const keyKind = problem(key);
        if (keyKind) return { path: [...path, "(a property name)"].join("."), kind: keyKind };
      }
    }
    // Pushed in reverse, so that the first problem in document order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string, unknown];
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

export function describeUnstorable({ path, kind }: Unstorable): string {
  const where = path ? `${path}: ` : "";
  if (kind === "depth") return `${where}nested more than ${MAX_JSON_DEPTH} levels deep`;
  return kind === "nul"
    ? `${where}text must not contain the NUL character (U+0000)`
    : `${where}text must be valid Unicode (it holds a lone UTF-16 surrogate)`;
}
