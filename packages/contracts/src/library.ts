/** Issue 17: the library API's request and answer schemas. */
import { z } from "./zod.ts";

void z;
