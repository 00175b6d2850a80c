/**
 * A learner's settings, kept on the server so that they follow the learner to every device
 * (issue 13): theme, editor font size and key bindings, the notification sound, motion, and
 * whether the time zone follows the device. Each one is optional: a setting never chosen is
 * the device's own. The daily goal and the time zone itself live with progress (progress.ts).
 */
import { z } from "./zod.ts";

export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeSetting = (typeof THEME_CHOICES)[number];

/** The editor's font sizes, in CSS pixels (apps/web/src/editor/font-size.ts offers these). */
export const EDITOR_FONT_SIZES = [13, 14, 15, 16, 18, 20, 22] as const;
export type EditorFontSize = (typeof EDITOR_FONT_SIZES)[number];

export const KEY_BINDINGS = ["default", "vim"] as const;
export type KeyBindings = (typeof KEY_BINDINGS)[number];

/** "system" honours the device's prefers-reduced-motion; the others override it. */
export const MOTION_CHOICES = ["system", "reduce", "full"] as const;
export type MotionSetting = (typeof MOTION_CHOICES)[number];

const settingsShape = {
  theme: z.optional(z.enum(THEME_CHOICES)),
  editorFontSize: z.optional(z.union(EDITOR_FONT_SIZES.map((size) => z.literal(size)))),
  keyBindings: z.optional(z.enum(KEY_BINDINGS)),
  /** The notification sound (spec sections 1 and 9: on by default). */
  sound: z.optional(z.boolean()),
  motion: z.optional(z.enum(MOTION_CHOICES)),
  /** False once the learner picked a time zone themselves: the app then stops sending its own. */
  timeZoneFollowsDevice: z.optional(z.boolean()),
};

/** The settings as stored and answered: unknown keys are dropped. */
export const settingsSchema = z.object(settingsShape);
export type Settings = z.infer<typeof settingsSchema>;
export type SettingName = keyof Settings;
export const SETTING_NAMES = Object.keys(settingsShape) as SettingName[];

/**
 * `PATCH /v1/me/settings`: the settings to change, each replacing the stored one; the others stay.
 * A device sends only what the learner changed there, so two devices never undo each other.
 * Unknown keys are refused, so a typo is a 400 rather than a setting silently lost.
 */
export const settingsPatchSchema = z.strictObject(settingsShape);
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** `GET` and `PATCH /v1/me/settings` answer this. */
export const settingsAnswerSchema = z.object({
  settings: settingsSchema,
  /** When the settings were last changed; null when the learner never chose any. */
  updatedAt: z.nullable(z.iso.datetime({ offset: true })),
});
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

/**
 * The stored settings that are still valid, one by one: a value an older or newer version wrote
 * that this version does not know is dropped, not the whole object.
 */
export function validSettings(stored: unknown): Settings {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
  const result: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    const value = (stored as Record<string, unknown>)[name];
    if (value === undefined) continue;
    const parsed = settingsShape[name].safeParse(value);
    if (parsed.success) result[name] = parsed.data;
  }
  return result as Settings;
}
