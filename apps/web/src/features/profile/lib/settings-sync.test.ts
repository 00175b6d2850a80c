// @vitest-environment happy-dom
import type { Settings, SettingsAnswer, SettingsPatch } from "@lumen/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Preference, Preferences } from "./preferences.ts";
import { startSettingsSync, whenSettingsApplied } from "./settings-sync.ts";

/** A device store in memory: what the real ones do (get, set, tell listeners). */
function memoryPreference<T>(initial: T): Preference<T> & { value: T } {
  const listeners = new Set<(value: T) => void>();
  const store = {
    value: initial,
    get: () => store.value,
    set: (value: T) => {
      store.value = value;
      for (const listener of listeners) listener(value);
    },
    subscribe: (fn: (value: T) => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  return store;
}

function device() {
  return {
    theme: memoryPreference<"system" | "light" | "dark">("system"),
    editorFontSize: memoryPreference<13 | 14 | 15 | 16 | 18 | 20 | 22>(15),
    keyBindings: memoryPreference<"default" | "vim">("default"),
    sound: memoryPreference(true),
    motion: memoryPreference<"system" | "reduce" | "full">("system"),
    timeZoneFollowsDevice: memoryPreference(true),
  } satisfies Preferences;
}

/** The account's copy on a fake server, merging PATCHes as the real one does. */
function server(initial: Settings = {}) {
  const stored: { settings: Settings; patches: SettingsPatch[]; offline: boolean } = {
    settings: { ...initial },
    patches: [],
    offline: false,
  };
  const answer = (): SettingsAnswer => ({ settings: { ...stored.settings }, updatedAt: null });
  return {
    stored,
    api: {
      settings: async () => {
        if (stored.offline) throw new Error("offline");
        return answer();
      },
      patchSettings: async (patch: SettingsPatch) => {
        if (stored.offline) throw new Error("offline");
        stored.patches.push(patch);
        stored.settings = { ...stored.settings, ...patch };
        return answer();
      },
    },
  };
}

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe("settings sync (issue 13)", () => {
  it("on sign-in applies the account's settings here and sends up the ones it lacked", async () => {
    const here = device();
    here.theme.set("dark");
    const { stored, api } = server({ editorFontSize: 20, keyBindings: "vim" });
    const stop = startSettingsSync("u1", { api, preferences: here });
    await whenSettingsApplied();
    expect(here.editorFontSize.value).toBe(20);
    expect(here.keyBindings.value).toBe("vim");
    expect(here.theme.value).toBe("dark");
    expect(stored.settings).toEqual({
      theme: "dark",
      editorFontSize: 20,
      keyBindings: "vim",
      sound: true,
      motion: "system",
      timeZoneFollowsDevice: true,
    });
    stop();
  });

  it("writes each later change through as a PATCH of just that setting; applying sends nothing", async () => {
    vi.useFakeTimers();
    const here = device();
    const { stored, api } = server({
      theme: "light",
      editorFontSize: 15,
      keyBindings: "default",
      sound: true,
      motion: "system",
      timeZoneFollowsDevice: true,
    });
    const stop = startSettingsSync("u1", { api, preferences: here });
    await vi.runAllTimersAsync();
    expect(here.theme.value).toBe("light");
    expect(stored.patches).toEqual([]);
    here.sound.set(false);
    here.editorFontSize.set(16);
    here.editorFontSize.set(18);
    await vi.runAllTimersAsync();
    expect(stored.patches).toEqual([{ sound: false, editorFontSize: 18 }]);
    stop();
  });

  it("keeps a change made offline and sends it first when the connection returns", async () => {
    vi.useFakeTimers();
    const here = device();
    const { stored, api } = server({ theme: "light" });
    const stop = startSettingsSync("u1", { api, preferences: here });
    await vi.runAllTimersAsync();
    stored.offline = true;
    here.motion.set("reduce");
    await vi.runAllTimersAsync();
    expect(stored.settings.motion).toBe("system");
    expect(JSON.parse(localStorage.getItem("lumen-settings-pending:u1") ?? "{}")).toEqual({
      motion: "reduce",
    });
    stored.offline = false;
    dispatchEvent(new Event("online"));
    await vi.runAllTimersAsync();
    expect(stored.settings.motion).toBe("reduce");
    expect(localStorage.getItem("lumen-settings-pending:u1")).toBeNull();
    stop();
  });

  it("a change still waiting from an earlier visit is not undone by the account's older copy", async () => {
    localStorage.setItem("lumen-settings-pending:u1", JSON.stringify({ theme: "dark" }));
    const here = device();
    here.theme.set("dark");
    const { stored, api } = server({ theme: "light" });
    const stop = startSettingsSync("u1", { api, preferences: here });
    await whenSettingsApplied();
    expect(here.theme.value).toBe("dark");
    expect(stored.settings.theme).toBe("dark");
    stop();
  });

  it("stops listening once stopped (signed out): the device's changes stay on the device", async () => {
    vi.useFakeTimers();
    const here = device();
    const { stored, api } = server({ theme: "light" });
    const stop = startSettingsSync("u1", { api, preferences: here });
    await vi.runAllTimersAsync();
    const sent = stored.patches.length;
    stop();
    here.theme.set("dark");
    await vi.runAllTimersAsync();
    expect(stored.patches).toHaveLength(sent);
    expect(stored.settings.theme).toBe("light");
  });
});
