/** Bundle entry for the check harness inside QuickJS (see bundle-harness.ts and quickjs-run.ts). */
import { createHarness } from "../host/harness/harness.ts";

(globalThis as Record<string, unknown>).__lumenHarness = { createHarness };
