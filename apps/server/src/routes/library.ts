/**
 * The library (issue 17): the whole curriculum, browsable and searchable, with the caller's
 * progress and locked marks. Guests may call both; answers are personal, so never cached
 * (no-store by default).
 * - GET /library?language=&level=            → 200 LibraryAnswer
 * - GET /library/search?q=&language=&level=  → 200 LibrarySearchAnswer (q cut to 200 characters)
 */
import {
  libraryFiltersSchema,
  librarySearchQuerySchema,
  MAX_LIBRARY_QUERY,
} from "@lumen/contracts";
import { Hono } from "hono";
import type { AuthEnv } from "../auth/middleware.ts";
import { readLibrary } from "../commands/library/read-library.ts";
import { searchLibrary } from "../commands/library/search-library.ts";
import { readQuery } from "../http/validate.ts";

export const libraryRoutes = new Hono<AuthEnv>()
  .get("/library", async (c) => {
    const filters = readQuery(c, libraryFiltersSchema);
    const { catalog, database, env, clock } = c.get("deps");
    return c.json(
      await readLibrary({
        db: database.db,
        catalog,
        user: c.get("user"),
        filters,
        now: clock(),
        env,
      }),
    );
  })
  .get("/library/search", async (c) => {
    const { q, ...filters } = readQuery(c, librarySearchQuerySchema);
    const { catalog, database, env, clock } = c.get("deps");
    return c.json(
      await searchLibrary({
        db: database.db,
        catalog,
        user: c.get("user"),
        q: q.slice(0, MAX_LIBRARY_QUERY),
        filters,
        now: clock(),
        env,
      }),
    );
  });
