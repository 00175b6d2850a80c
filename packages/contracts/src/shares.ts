/** Issue 17: the shares API's request and answer schemas. */
import { z } from "./zod.ts";

void z;
