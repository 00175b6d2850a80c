/**
 * What signing in does to settings (issue 13), as a pure rule: a setting the account has wins and
 * is applied on this device; a setting the account never had is this device's, and is sent up.
 * Before sign-in, settings are this device's alone.
 */
import { SETTING_NAMES, type Settings, type SettingsPatch } from "@lumen/contracts";

export function mergeOnSignIn(
  account: Settings,
  device: Required<Settings>,
): { apply: Settings; push: SettingsPatch } {
  const apply: Record<string, unknown> = {};
  const push: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const theirs = account[name];
    if (theirs === undefined) push[name] = device[name];
    else if (theirs !== device[name]) apply[name] = theirs;
  }
  return { apply: apply as Settings, push: push as SettingsPatch };
}
