/** Drizzle schema, migrations and the client factory for PGlite and PostgreSQL. */
export * from "./client.ts";
export * as schema from "./schema.ts";
export { sql, eq, and, or, desc, asc, inArray, isNull } from "drizzle-orm";
