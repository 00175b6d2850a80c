/**
 * How the app looks, moves and sounds, and how the editor behaves. Each setting applies at once,
 * everywhere in the app, and (signed in) is saved to the account, so it follows the learner.
 */
import { useId } from "react";
import { FONT_SIZES, setEditorFontSize, useEditorFontSize } from "../../../editor/font-size.ts";
import {
  type KeymapPreference,
  setKeymapPreference,
  useKeymapPreference,
} from "../../../editor/keymap-preference.ts";
import { type MotionSetting, setMotionSetting, useMotionSetting } from "../../../lib/motion.ts";
import { type ThemeChoice, useTheme } from "../../../lib/theme.ts";
import { useSound } from "../../../notifications/sound-provider.tsx";
import { inputClasses } from "../../../ui/index.ts";
import { ChoiceGroup, Section, Switch } from "./parts.tsx";

const THEMES = [
  { value: "system", label: "System", hint: "Follow this device" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const satisfies ReadonlyArray<{ value: ThemeChoice; label: string; hint?: string }>;

const MOTION = [
  { value: "system", label: "System", hint: "Follow this device" },
  { value: "reduce", label: "Reduce motion", hint: "No animations" },
  { value: "full", label: "Full motion", hint: "Animations on" },
] as const satisfies ReadonlyArray<{ value: MotionSetting; label: string; hint?: string }>;

const KEYMAPS = [
  { value: "default", label: "Standard", hint: "The usual editing keys" },
  { value: "vim", label: "Vim", hint: "Modal editing with Vim's keys" },
] as const satisfies ReadonlyArray<{ value: KeymapPreference; label: string; hint?: string }>;

function FontSize() {
  const { size } = useEditorFontSize();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        Editor font size
      </label>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-center">
        <select
          id={id}
          value={size}
          onChange={(event) => setEditorFontSize(Number(event.target.value))}
          className={inputClasses({ className: "sm:w-40" })}
        >
          {FONT_SIZES.map((px) => (
            <option key={px} value={px}>
              {px} px
            </option>
          ))}
        </select>
        <code
          className="min-w-0 truncate rounded-lg bg-slate-100 px-3 py-2 font-mono text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          style={{ fontSize: size }}
          aria-hidden="true"
        >
          print("Hello")
        </code>
      </div>
    </div>
  );
}

export function PreferencesSection() {
  const { choice, choose } = useTheme();
  const motion = useMotionSetting();
  const keymap = useKeymapPreference();
  const sound = useSound();
  return (
    <Section
      id="profile-preferences"
      title="Appearance and editor"
      description="Changes apply at once and follow you to every device you sign in on."
    >
      <ChoiceGroup legend="Theme" name="theme" value={choice} choices={THEMES} onChange={choose} />
      <ChoiceGroup
        legend="Motion"
        name="motion"
        value={motion}
        choices={MOTION}
        onChange={setMotionSetting}
      />
      <FontSize />
      <ChoiceGroup
        legend="Key bindings in the editor"
        name="key-bindings"
        columns={2}
        value={keymap}
        choices={KEYMAPS}
        onChange={setKeymapPreference}
      />
      <Switch
        label="Notification sound"
        hint="A short chime when you reach a goal or finish a chapter."
        checked={sound.enabled}
        onChange={sound.setEnabled}
      />
    </Section>
  );
}
