/**
 * What error reporting never reports (spec section 8, issue 14), as pure functions: the generic
 * cross-origin `Script error.`, ResizeObserver loop notices, health-check transactions and those
 * named as the 404 page.
 */
import { OBSERVABILITY } from "./observability.ts";

/** Errors never reported (spec section 8): a cross-origin script's opaque error, ResizeObserver. */
export const IGNORED_ERROR_MESSAGES = [
  "Script error.",
  "ResizeObserver loop limit exceeded",
  "ResizeObserver loop completed with undelivered notifications.",
] as const;

/** The health check's path: its transactions are never reported. */
export const HEALTH_CHECK_PATH = "/healthz";
/** What the 404 page's transactions are named. */
export const NOT_FOUND_TRANSACTION = "404";

/**
 * Whether an error message is one of the ignored notices. The browser prefixes uncaught errors
 * ("Uncaught Error: …", "Error: …"), and a bare "Script error" comes without its full stop.
 */
export function isIgnoredErrorMessage(message: string | undefined | null): boolean {
  if (!message) return false;
  const bare = message
    .trim()
    .replace(/^Uncaught\s+/, "")
    .replace(/^[A-Za-z]*Error:\s*/, "");
  if (bare === "Script error" || bare === "Script error.") return true;
  return IGNORED_ERROR_MESSAGES.some((ignored) => bare === ignored);
}

/**
 * Whether a transaction is never reported: the health check, and any named as the 404 page
 * (the router's not-found route, or a path that matched none).
 */
export function isIgnoredTransaction(name: string | undefined | null): boolean {
  if (!name) return false;
  const path = name.replace(/^(GET|HEAD|POST)\s+/, "").split("?")[0] ?? "";
  if (path === HEALTH_CHECK_PATH || path.startsWith(`${HEALTH_CHECK_PATH}/`)) return true;
  return path === NOT_FOUND_TRANSACTION || path === "/404" || path === "__root__/404";
}

/** Whether this page view's vitals are recorded: `random` is in [0, 1). */
export function isSampled(random: number, rate: number = OBSERVABILITY.performanceSampleRate) {
  return random < rate;
}
