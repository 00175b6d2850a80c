/** Issue 17: the glossary API's request and answer schemas. */
import { z } from "./zod.ts";

void z;
