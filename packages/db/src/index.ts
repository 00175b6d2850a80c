/** Drizzle schema, migrations and the client factory for PGlite and PostgreSQL. */

export { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
export * from "./client.ts";
export * as schema from "./schema/index.ts";
