/**
 * Motion: by default the app honours the device's prefers-reduced-motion; the learner's setting
 * ("reduce" or "full") overrides it (issue 13). The choice is remembered on this device (and,
 * signed in, on the account), and applied app-wide as the `reduce-motion` class on <html>, which
 * styles.css turns into no animations or transitions. public/theme-init.js applies the same rule
 * before the first paint.
 */
import { MOTION_CHOICES, type MotionSetting } from "@lumen/contracts";
import { useSyncExternalStore } from "react";

export type { MotionSetting };
export const MOTION_STORAGE_KEY = "lumen-motion";
export const REDUCE_MOTION_CLASS = "reduce-motion";
const listeners = new Set<(setting: MotionSetting) => void>();
const media = () => window.matchMedia("(prefers-reduced-motion: reduce)");

export function getMotionSetting(): MotionSetting {
  try {
    const value = localStorage.getItem(MOTION_STORAGE_KEY);
    return (MOTION_CHOICES as readonly string[]).includes(value ?? "")
      ? (value as MotionSetting)
      : "system";
  } catch {
    return "system";
  }
}

/** The pure rule: whether motion is reduced for this setting and this device's preference. */
export function reducesMotion(setting: MotionSetting, devicePrefersReduced: boolean): boolean {
  if (setting === "reduce") return true;
  if (setting === "full") return false;
  return devicePrefersReduced;
}

/** Whether motion is reduced now: for code that animates by hand (confetti, counters). */
export function motionReduced(): boolean {
  return reducesMotion(getMotionSetting(), media().matches);
}

function apply(): void {
  document.documentElement.classList.toggle(REDUCE_MOTION_CLASS, motionReduced());
}

export function setMotionSetting(next: MotionSetting): void {
  const setting: MotionSetting = (MOTION_CHOICES as readonly string[]).includes(next)
    ? next
    : "system";
  try {
    if (setting === "system") localStorage.removeItem(MOTION_STORAGE_KEY);
    else localStorage.setItem(MOTION_STORAGE_KEY, setting);
  } catch {
    // Storage is off: the choice applies to this page.
  }
  apply();
  for (const listener of listeners) listener(setting);
}

/** Calls `fn` with each new setting, this tab's and other tabs'; returns the unsubscribe. */
export function subscribeMotionSetting(fn: (setting: MotionSetting) => void): () => void {
  listeners.add(fn);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== MOTION_STORAGE_KEY && event.key !== null) return;
    apply();
    fn(getMotionSetting());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener("storage", onStorage);
  };
}

/** Keeps <html>'s class in step with the device's preference while the setting follows it. */
export function watchDeviceMotion(): () => void {
  apply();
  const query = media();
  query.addEventListener("change", apply);
  return () => query.removeEventListener("change", apply);
}

export function useMotionSetting(): MotionSetting {
  return useSyncExternalStore<MotionSetting>(
    subscribeMotionSetting,
    getMotionSetting,
    () => "system",
  );
}
