/**
 * Fuzz samples of the experiments routes (issue 14), keyed "METHOD /v1/path" as the app lists them:
 * admin routes are fuzzed with an admin's token, the others with a learner's.
 */
import type { FuzzSamples } from "./types.ts";

export const EXPERIMENTS_SAMPLES: FuzzSamples = {};
