/**
 * The editor's key bindings (the usual ones, or Vim's), remembered on this device. The profile
 * page sets it (and syncs it across devices); open editors follow a change at once, in this tab
 * and in the learner's other tabs.
 */
import { useSyncExternalStore } from "react";

export type KeymapPreference = "default" | "vim";

const KEY = "lumen-editor-keymap";
export const KEYMAP_PREFERENCES: readonly KeymapPreference[] = ["default", "vim"];

const listeners = new Set<(value: KeymapPreference) => void>();

export function getKeymapPreference(): KeymapPreference {
  try {
    return localStorage.getItem(KEY) === "vim" ? "vim" : "default";
  } catch {
    return "default";
  }
}

export function setKeymapPreference(value: KeymapPreference): void {
  const next: KeymapPreference = value === "vim" ? "vim" : "default";
  try {
    if (next === "default") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  } catch {
    // Storage is off: the choice still applies to the editors open now.
  }
  for (const listener of listeners) listener(next);
}

/** Calls `fn` with each new choice (this tab's and other tabs'); returns the unsubscribe. */
export function subscribeKeymapPreference(fn: (value: KeymapPreference) => void): () => void {
  listeners.add(fn);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) fn(getKeymapPreference());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener("storage", onStorage);
  };
}

/** The current choice, for React screens (the profile page's control). */
export function useKeymapPreference(): KeymapPreference {
  return useSyncExternalStore(subscribeKeymapPreference, getKeymapPreference, () => "default");
}
