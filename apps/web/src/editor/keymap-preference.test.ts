// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import {
  getKeymapPreference,
  setKeymapPreference,
  subscribeKeymapPreference,
} from "./keymap-preference.ts";

describe("the editor's key bindings preference", () => {
  afterEach(() => localStorage.clear());

  it("is the usual keys until Vim is chosen, and is remembered on the device", () => {
    expect(getKeymapPreference()).toBe("default");
    setKeymapPreference("vim");
    expect(getKeymapPreference()).toBe("vim");
    expect(localStorage.getItem("lumen-editor-keymap")).toBe("vim");
    setKeymapPreference("default");
    expect(getKeymapPreference()).toBe("default");
  });

  it("reads anything else in storage as the usual keys", () => {
    localStorage.setItem("lumen-editor-keymap", "emacs");
    expect(getKeymapPreference()).toBe("default");
  });

  it("tells subscribers of a choice here and in another tab, until they unsubscribe", () => {
    const seen: string[] = [];
    const unsubscribe = subscribeKeymapPreference((value) => seen.push(value));
    setKeymapPreference("vim");
    localStorage.setItem("lumen-editor-keymap", "vim");
    localStorage.removeItem("lumen-editor-keymap");
    window.dispatchEvent(new StorageEvent("storage", { key: "lumen-editor-keymap" }));
    unsubscribe();
    setKeymapPreference("vim");
    expect(seen).toEqual(["vim", "default"]);
  });
});
