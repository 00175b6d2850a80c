/** Issue 17: the live-events API's request and answer schemas. */
import { z } from "./zod.ts";

void z;
