/** The contracts are written in zod/mini, with English messages: see @lumen/core/zod. */
export { z } from "@lumen/core/zod";
