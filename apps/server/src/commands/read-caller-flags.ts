/**
 * The caller's feature flags (issue 14): the operators' rules through OpenFeature, then the
 * feature-override cookie for course engineers and admins only (anyone else's is ignored). A
 * cookie that cannot be parsed is logged with the spec's exact text and the rules' values apply.
 * The cookie turns flags on or off; a valued flag it turns off loses its value, one it turns on
 * keeps the value its rule gives the caller (none when the rule does not reach them). The answer
 * also says who the caller is now (id and roles), so the browser notices a role change.
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
  const { flags: evaluated, values } = await options.flags.evaluate(options.caller);
  const caller = options.caller
    ? { id: options.caller.id, roles: [...options.caller.roles] }
    : null;
  const answer = (overrides: FlagsAnswer["overrides"]): FlagsAnswer => ({
    flags: evaluated,
    values,
    overrides,
    caller,
  });
  if (options.overridesCookie === undefined || options.overridesCookie === "") {
    return answer("none");
  }
  if (!mayOverrideFlags(options.caller)) return answer("ignored");
  const parsed = parseFeatureOverrides(options.overridesCookie);
  if (parsed.error) {
    options.log.warn(OVERRIDES_PARSE_FAILED);
    return answer("invalid");
  }
  // parseFeatureOverrides fills unnamed flags with the defaults; only the named ones override.
  const named = JSON.parse(options.overridesCookie) as Record<string, unknown>;
  const flags = Object.fromEntries(
    Object.entries(evaluated).map(([flag, value]) => [
      flag,
      Object.hasOwn(named, flag) ? parsed.flags[flag as keyof typeof parsed.flags] : value,
    ]),
  ) as FlagsAnswer["flags"];
  const overridden = Object.fromEntries(
    Object.entries(values).map(([flag, value]) => [
      flag,
      flags[flag as keyof typeof flags] ? value : null,
    ]),
  ) as FlagsAnswer["values"];
  return { flags, values: overridden, overrides: "applied", caller };
}
