/** Zod schemas and constants shared by the server and the web app. */
export * from "./account.ts";
export * from "./admin/analytics.ts";
export * from "./admin/errors.ts";
export * from "./admin/experiments.ts";
export * from "./admin/flags.ts";
export * from "./admin/users.ts";
export * from "./analytics.ts";
export * from "./billing.ts";
export * from "./catalog.ts";
export * from "./errors.ts";
export * from "./profile.ts";
export * from "./progress.ts";
export * from "./roles.ts";
export * from "./routes.ts";
export * from "./runner.ts";
export * from "./settings.ts";
