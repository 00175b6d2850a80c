/**
 * @lumen/core: the product's domain rules as pure functions (STYLE.md, convention 2). No IO; the
 * server and the web app call these and present the results.
 */

export * from "./app-builder.ts";
export * from "./auth-config.ts";
export * from "./cookies.ts";
export * from "./credit-windows.ts";
export * from "./event-time.ts";
export * from "./experiment-stats.ts";
export * from "./experiments.ts";
export * from "./feature-flags.ts";
export * from "./ical.ts";
export * from "./identity-errors.ts";
export * from "./language.ts";
export * from "./lesson-kind.ts";
export * from "./library-level.ts";
export * from "./observability.ts";
export * from "./observability-rules.ts";
export * from "./occupation.ts";
export * from "./onboarding.ts";
export * from "./onboarding-recommendation.ts";
export * from "./ordinal.ts";
export * from "./paywall.ts";
export * from "./plan-label.ts";
export * from "./plans.ts";
export * from "./progress/index.ts";
export * from "./project-files.ts";
export * from "./project-templates.ts";
export * from "./redirect.ts";
export * from "./search-replace.ts";
export * from "./solution-leak.ts";
export * from "./solution-leak-index.ts";
export * from "./subscription-access.ts";
export * from "./subscription-state.ts";
export * from "./tutor-ladder.ts";
