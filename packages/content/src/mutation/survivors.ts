/**
 * Justified survivors: a lesson file may list mutants its checks let through on purpose, each
 * with the reason (front matter `survivors:`, docs/content-format.md). The key is the one
 * content:check prints for a survivor, `mutator@file:line`; a listed key that no longer survives
 * is reported, so justifications cannot go stale.
 */
import { z } from "zod";
import { MUTATORS } from "./types.ts";

export const MUTANT_KEY = new RegExp(`^(?:${MUTATORS.join("|")})@[\\w./-]+:\\d+(?:#\\d+)?$`);

export const justifiedSurvivorSchema = z.strictObject({
  mutant: z.string().regex(MUTANT_KEY, "write the key content:check printed, as mutator@file:line"),
  why: z.string().min(15, "say in a sentence why the checks need not kill this mutant"),
});
export type JustifiedSurvivor = z.infer<typeof justifiedSurvivorSchema>;

export interface SurvivorVerdict {
  /** Survivors with no justification: these count against the track. */
  unjustified: string[];
  /** Justified survivors. */
  justified: string[];
  /** Listed keys of mutants that were killed or not tried: the justification is stale. */
  stale: string[];
}

/** Splits the keys of surviving mutants by the lesson's list of justified ones. */
export function judgeSurvivors(
  survivors: string[],
  tried: string[],
  listed: JustifiedSurvivor[],
): SurvivorVerdict {
  const listedKeys = new Set(listed.map((s) => s.mutant));
  const surviving = new Set(survivors);
  return {
    unjustified: survivors.filter((k) => !listedKeys.has(k)),
    justified: survivors.filter((k) => listedKeys.has(k)),
    stale: [...listedKeys].filter((k) => !surviving.has(k) || !tried.includes(k)),
  };
}
