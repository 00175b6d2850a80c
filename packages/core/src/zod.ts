/**
 * The zod the shared packages are written in (core's rules, the contracts): zod/mini. The web
 * shell builds these schemas at start-up, and mini's are cheaper to construct than classic zod's,
 * and smaller to ship where nothing else needs classic zod. Mini has the same core, so the schemas accept, reject and report exactly as
 * before, and classic zod takes them inside its own schemas.
 * Classic zod registers English issue messages when it builds its first schema and mini does not,
 * so this module does it here, unless a locale is already set: a schema reports the same message
 * whether or not classic zod is loaded. package.json lists this file under sideEffects, so that
 * bundlers keep the registration.
 */
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

if (!z.config().localeError) z.config(en());

export { z };
