/**
 * Light and dark themes: follow the system by default; a choice is remembered on this device (and,
 * signed in, on the account: features/profile/lib/settings-sync.ts). public/theme-init.js applies
 * the same rule before the first paint. One store for the page, so the header's toggle and the
 * profile page always show the same choice, and other tabs follow a change.
 */
import { useCallback, useEffect, useSyncExternalStore } from "react";

export type ThemeChoice = "system" | "light" | "dark";
const KEY = "lumen-theme";
const media = () => window.matchMedia("(prefers-color-scheme: dark)");
const listeners = new Set<(choice: ThemeChoice) => void>();

export function getThemeChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

function apply(choice: ThemeChoice) {
  const dark = choice === "dark" || (choice === "system" && media().matches);
  document.documentElement.classList.toggle("dark", dark);
}

export function setThemeChoice(next: ThemeChoice): void {
  const choice: ThemeChoice = next === "light" || next === "dark" ? next : "system";
  try {
    if (choice === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  apply(choice);
  for (const listener of listeners) listener(choice);
}

/** Calls `fn` with each new choice, this tab's and other tabs'; returns the unsubscribe. */
export function subscribeThemeChoice(fn: (choice: ThemeChoice) => void): () => void {
  listeners.add(fn);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY && event.key !== null) return;
    apply(getThemeChoice());
    fn(getThemeChoice());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener("storage", onStorage);
  };
}

export function useTheme() {
  const choice = useSyncExternalStore<ThemeChoice>(
    subscribeThemeChoice,
    getThemeChoice,
    () => "system",
  );

  useEffect(() => {
    apply(choice);
    if (choice !== "system") return;
    const query = media();
    const onChange = () => apply("system");
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [choice]);

  const choose = useCallback((next: ThemeChoice) => setThemeChoice(next), []);
  return { choice, choose };
}
