/**
 * Whether the learner's time zone follows this device (the default) or is one they chose on the
 * profile page. While it follows, the app tells the server the device's zone on each load
 * (progress/components/progress-bridge.tsx); once chosen, it stops, so a chosen zone stays.
 */
import { useSyncExternalStore } from "react";

const KEY = "lumen-time-zone-follows-device";
const listeners = new Set<(follows: boolean) => void>();

export function getTimeZoneFollowsDevice(): boolean {
  try {
    return localStorage.getItem(KEY) !== "false";
  } catch {
    return true;
  }
}

export function setTimeZoneFollowsDevice(follows: boolean): void {
  try {
    if (follows) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, "false");
  } catch {
    // Storage is off: the choice lasts for this page.
  }
  for (const listener of listeners) listener(follows);
}

export function subscribeTimeZoneFollowsDevice(fn: (follows: boolean) => void): () => void {
  listeners.add(fn);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) fn(getTimeZoneFollowsDevice());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener("storage", onStorage);
  };
}

export function useTimeZoneFollowsDevice(): boolean {
  return useSyncExternalStore(subscribeTimeZoneFollowsDevice, getTimeZoneFollowsDevice, () => true);
}
