/**
 * The editor's font size setting, remembered on this device (and, signed in, on the account:
 * features/profile/lib/settings-sync.ts). One store for the page: the lesson's A−/A+ buttons and
 * the profile page show the same size, and other tabs follow a change.
 */
import { EDITOR_FONT_SIZES } from "@lumen/contracts";
import { useSyncExternalStore } from "react";

const KEY = "lumen-editor-font-size";
export const FONT_SIZES = EDITOR_FONT_SIZES;
export const DEFAULT_FONT_SIZE = 15;
const listeners = new Set<(size: number) => void>();

const isFontSize = (value: number) => (FONT_SIZES as readonly number[]).includes(value);

export function getEditorFontSize(): number {
  try {
    const value = Number(localStorage.getItem(KEY));
    return isFontSize(value) ? value : DEFAULT_FONT_SIZE;
  } catch {
    return DEFAULT_FONT_SIZE;
  }
}

export function setEditorFontSize(size: number): void {
  const next = isFontSize(size) ? size : DEFAULT_FONT_SIZE;
  try {
    localStorage.setItem(KEY, String(next));
  } catch {
    // The size still applies for this visit.
  }
  for (const listener of listeners) listener(next);
}

/** Calls `fn` with each new size, this tab's and other tabs'; returns the unsubscribe. */
export function subscribeEditorFontSize(fn: (size: number) => void): () => void {
  listeners.add(fn);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) fn(getEditorFontSize());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener("storage", onStorage);
  };
}

export function useEditorFontSize() {
  const size = useSyncExternalStore(
    subscribeEditorFontSize,
    getEditorFontSize,
    () => DEFAULT_FONT_SIZE,
  );
  const step = (direction: 1 | -1) => {
    const at = FONT_SIZES.indexOf(size as (typeof FONT_SIZES)[number]);
    setEditorFontSize(
      FONT_SIZES[Math.min(FONT_SIZES.length - 1, Math.max(0, at + direction))] ?? size,
    );
  };
  return {
    size,
    smaller: () => step(-1),
    larger: () => step(1),
    canShrink: size > FONT_SIZES[0],
    canGrow: size < FONT_SIZES[FONT_SIZES.length - 1]!,
  };
}
