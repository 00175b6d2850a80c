/** The database schema, in code, one file per area. Migrations under ../../migrations come from it. */
export * from "./account.ts";
export * from "./ai.ts";
export * from "./analytics.ts";
export * from "./auth.ts";
export * from "./billing.ts";
export * from "./builder.ts";
export * from "./catalog.ts";
export * from "./community.ts";
export * from "./events.ts";
export * from "./identity-links.ts";
export * from "./operations.ts";
export * from "./progress.ts";
export * from "./projects.ts";
export * from "./saved-files.ts";
