/**
 * The SQL lessons' check list (docs/content-format.md, "Checks by language", SQL): shared by the
 * runner that evaluates it and the content compiler that refuses a broken list at publish time.
 */
import { z } from "zod";

export const sqlCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const common = {
  name: z.string(),
  rows: z.array(z.array(sqlCellSchema)),
  columns: z.array(z.string()).optional(),
  ordered: z.boolean().default(false),
  message: z.string(),
};
const patternSchema = z.string().refine((source) => {
  try {
    new RegExp(source, "i");
    return true;
  } catch {
    return false;
  }
}, "must be a valid regular expression");
export const sqlCheckSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("result"), ...common }),
  z.object({ kind: z.literal("query"), query: z.string(), ...common }),
  z.object({
    kind: z.literal("statement"),
    name: z.string(),
    /** Matched, case-insensitively, against the statement with its comments taken out. */
    pattern: patternSchema,
    /** True: the statement must NOT match (e.g. no `SELECT *`). */
    absent: z.boolean().default(false),
    message: z.string(),
  }),
]);
export const sqlChecksSchema = z.array(sqlCheckSchema);
export type SqlCheck = z.infer<typeof sqlCheckSchema>;
export type SqlCell = z.infer<typeof sqlCellSchema>;
