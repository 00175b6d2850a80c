/**
 * The caller's feature flags (issue 14): the operators' rules through OpenFeature, then the
 * feature-override cookie for course engineers and admins only (anyone else's is ignored). A
 * cookie that cannot be parsed is logged with the spec's exact text and the rules' values apply.
 */
import { ADMIN_ROLE, COURSE_ENGINEER_ROLE, type FlagsAnswer } from "@lumen/contracts";
import { OVERRIDES_PARSE_FAILED, parseFeatureOverrides } from "@lumen/core";
import type { Logger } from "pino";
import type { FlagCaller, FlagService } from "../operations/flags/flag-service.ts";

const MAY_OVERRIDE = [COURSE_ENGINEER_ROLE, ADMIN_ROLE];

export function mayOverrideFlags(caller: FlagCaller | undefined): boolean {
  return caller?.roles.some((role) => MAY_OVERRIDE.includes(role)) ?? false;
}

export async function readCallerFlags(options: {
  flags: FlagService;
  caller: FlagCaller | undefined;
  /** The override cookie's value as sent, if any. */
  overridesCookie: string | undefined;
  log: Logger;
}): Promise<FlagsAnswer> {
  const evaluated = await options.flags.evaluate(options.caller);
  if (options.overridesCookie === undefined || options.overridesCookie === "") {
    return { flags: evaluated, overrides: "none" };
  }
  if (!mayOverrideFlags(options.caller)) return { flags: evaluated, overrides: "ignored" };
  const parsed = parseFeatureOverrides(options.overridesCookie);
  if (parsed.error) {
    options.log.warn(OVERRIDES_PARSE_FAILED);
    return { flags: evaluated, overrides: "invalid" };
  }
  // parseFeatureOverrides fills unnamed flags with the defaults; only the named ones override.
  const named = JSON.parse(options.overridesCookie) as Record<string, unknown>;
  const flags = Object.fromEntries(
    Object.entries(evaluated).map(([flag, value]) => [
      flag,
      Object.hasOwn(named, flag) ? parsed.flags[flag as keyof typeof parsed.flags] : value,
    ]),
  ) as FlagsAnswer["flags"];
  return { flags, overrides: "applied" };
}
