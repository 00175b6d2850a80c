/** Mutation testing of lesson checks (issue 20): mutators by language and the seeded selection. */
export * from "./code-mutators.ts";
export * from "./hard-code.ts";
export * from "./markup-mutators.ts";
export * from "./select-mutants.ts";
export * from "./sql-mutators.ts";
export * from "./survivors.ts";
export * from "./types.ts";
