/**
 * Every setting that follows the learner across devices (issue 13), each as the store that holds
 * it on this device: read it, change it, hear of changes. The stores live with what they set (the
 * theme in lib/, the editor's in editor/, the sound in notifications/); this registry is what
 * the account's settings sync (settings-sync.ts) and the profile page work through.
 */
import type { SettingName, Settings } from "@lumen/contracts";
import {
  getEditorFontSize,
  setEditorFontSize,
  subscribeEditorFontSize,
} from "../../../editor/font-size.ts";
import {
  getKeymapPreference,
  setKeymapPreference,
  subscribeKeymapPreference,
} from "../../../editor/keymap-preference.ts";
import { getMotionSetting, setMotionSetting, subscribeMotionSetting } from "../../../lib/motion.ts";
import { getThemeChoice, setThemeChoice, subscribeThemeChoice } from "../../../lib/theme.ts";
import {
  readSoundPreference,
  setSoundPreference,
  subscribeSoundPreference,
} from "../../../notifications/sound-preference.ts";
import {
  getTimeZoneFollowsDevice,
  setTimeZoneFollowsDevice,
  subscribeTimeZoneFollowsDevice,
} from "./time-zone-preference.ts";

export interface Preference<T> {
  get(): T;
  set(value: T): void;
  subscribe(fn: (value: T) => void): () => void;
}

export type Preferences = { [K in SettingName]-?: Preference<NonNullable<Settings[K]>> };

export const PREFERENCES: Preferences = {
  theme: { get: getThemeChoice, set: setThemeChoice, subscribe: subscribeThemeChoice },
  editorFontSize: {
    get: getEditorFontSize as Preferences["editorFontSize"]["get"],
    set: setEditorFontSize,
    subscribe: subscribeEditorFontSize as Preferences["editorFontSize"]["subscribe"],
  },
  keyBindings: {
    get: getKeymapPreference,
    set: setKeymapPreference,
    subscribe: subscribeKeymapPreference,
  },
  sound: {
    get: () => readSoundPreference(),
    set: setSoundPreference,
    subscribe: subscribeSoundPreference,
  },
  motion: { get: getMotionSetting, set: setMotionSetting, subscribe: subscribeMotionSetting },
  timeZoneFollowsDevice: {
    get: getTimeZoneFollowsDevice,
    set: setTimeZoneFollowsDevice,
    subscribe: subscribeTimeZoneFollowsDevice,
  },
};

/** Every setting as this device has it now. */
export function deviceSettings(preferences: Preferences = PREFERENCES): Required<Settings> {
  return Object.fromEntries(
    (Object.keys(preferences) as SettingName[]).map((name) => [name, preferences[name].get()]),
  ) as Required<Settings>;
}
