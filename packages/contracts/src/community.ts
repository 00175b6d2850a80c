/** Issue 17: the community API's request and answer schemas. */
import { z } from "./zod.ts";

void z;
