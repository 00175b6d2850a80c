/** Bundle entry for the harness inside a sandbox realm (QuickJS, the page frame, happy-dom). */
import { createHarness } from "./harness.ts";

(globalThis as Record<string, unknown>).__lumenHarness = { createHarness };
