/**
 * The messages between the page and the TypeScript compiler worker (and the server's checker
 * thread): a check of some files, and the diagnostics it found. The page and the server parse
 * every reply with zod (reply-schema.ts). The worker only receives what its own page sends (a
 * dedicated worker has no other sender), so it checks requests with `isTypeCheckRequest`, and this
 * module imports nothing: zod in the worker would add 430 kB (all of its locales) to the compiler.
 */
import type { TypeDiagnostic } from "@lumen/contracts";

/** As the run contract's MAX_RUN_FILES, written out so that the worker imports no schema. */
const MAX_FILES = 20;

export interface TypeCheckRequest {
  type: "check";
  id: number;
  files: { name: string; content: string }[];
  jsx: boolean;
}

export type TypeCheckReply =
  /** The compiler and its lib files are loaded, and a first check has warmed them up. */
  | { type: "ready" }
  | { type: "diagnostics"; id: number; diagnostics: TypeDiagnostic[] }
  /** The worker could not load or check (a lib file did not arrive, the compiler threw). */
  | { type: "failed"; id?: number; message: string };

export function isTypeCheckRequest(data: unknown): data is TypeCheckRequest {
  const request = data as Partial<TypeCheckRequest> | null;
  return (
    typeof request === "object" &&
    request !== null &&
    request.type === "check" &&
    Number.isInteger(request.id) &&
    typeof request.jsx === "boolean" &&
    Array.isArray(request.files) &&
    request.files.length <= MAX_FILES &&
    request.files.every(
      (f) =>
        typeof f === "object" &&
        f !== null &&
        typeof f.name === "string" &&
        f.name.length >= 1 &&
        f.name.length <= 100 &&
        typeof f.content === "string",
    )
  );
}
