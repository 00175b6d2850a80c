/**
 * The messages between an SQL runner and its worker, in the browser and in Node: the job (seed,
 * the learner's SQL, the checks' own queries) and what running it produced.
 */
import { z } from "zod";

export const sqlJobSchema = z.object({
  seed: z.string(),
  sql: z.string(),
  /** Queries of `query` checks, run after the learner's statements. */
  checkQueries: z.array(z.string()),
});
export type SqlJob = z.infer<typeof sqlJobSchema>;

const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const sqlTableSchema = z.object({
  statement: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(cellSchema)),
  /** Rows the statement produced beyond those kept. */
  droppedRows: z.number().int(),
});
export type SqlTable = z.infer<typeof sqlTableSchema>;

export const sqlFailureSchema = z.object({
  message: z.string(),
  statement: z.string().optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
});
export type SqlFailure = z.infer<typeof sqlFailureSchema>;

export const sqlOutcomeSchema = z.object({
  /** One per learner statement that returned columns, in order. */
  tables: z.array(sqlTableSchema),
  error: sqlFailureSchema.optional(),
  /** The seed itself failed: the lesson's fault, not the learner's. */
  seedError: z.string().optional(),
  checkResults: z.array(
    z.union([
      z.object({
        ok: z.literal(true),
        columns: z.array(z.string()),
        rows: z.array(z.array(cellSchema)),
      }),
      z.object({ ok: z.literal(false), message: z.string() }),
    ]),
  ),
});
export type SqlOutcome = z.infer<typeof sqlOutcomeSchema>;

/** Rows kept per result set; a runaway SELECT stops here instead of filling memory. */
export const MAX_ROWS = 10_000;
export const SQL_MEMORY_CAP_BYTES = 256 * 1024 * 1024;
