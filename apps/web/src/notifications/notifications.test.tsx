// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  NOTIFICATION_PARSE_MESSAGE,
  notificationCookieLine,
  parseNotificationCookie,
  routeMatches,
} from "./notification-cookie.ts";
import {
  NotificationProvider,
  type NotificationState,
  useNotifications,
} from "./notification-provider.tsx";
import {
  mayStartSound,
  readSoundPreference,
  SOUND_STORAGE_KEY,
  writeSoundPreference,
} from "./sound-preference.ts";
import { SoundProvider, type SoundState, useSound } from "./sound-provider.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

/** Renders a tree and hands back what a hook inside it saw last. */
function mount<T>(wrap: (probe: ReactNode) => ReactNode, useValue: () => T) {
  const seen: { current: T | undefined } = { current: undefined };
  function Probe() {
    seen.current = useValue();
    return null;
  }
  const root = createRoot(document.createElement("div"));
  act(() => root.render(wrap(<Probe />)));
  return { seen, unmount: () => act(() => root.unmount()) };
}

afterEach(() => localStorage.clear());

describe("the notification cookie", () => {
  it("parses a JSON list with defaults", () => {
    const value = JSON.stringify([{ id: "a", forRoute: "/web/streak", title: "Hi" }]);
    expect(parseNotificationCookie(value)).toEqual([
      { id: "a", forRoute: "/web/streak", title: "Hi", tone: "info" },
    ]);
  });

  it("ignores a value that does not parse, with a console message", () => {
    const log = vi.fn();
    expect(parseNotificationCookie("{not json", log)).toEqual([]);
    expect(parseNotificationCookie(JSON.stringify([{ id: 1 }]), log)).toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]?.[0]).toBe(NOTIFICATION_PARSE_MESSAGE);
    expect(parseNotificationCookie(undefined, log)).toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("refuses a link off the site", () => {
    const log = vi.fn();
    const value = JSON.stringify([{ id: "a", forRoute: "*", title: "x", href: "//evil.example" }]);
    expect(parseNotificationCookie(value, log)).toEqual([]);
  });

  it("matches exact paths, route patterns and any route", () => {
    expect(routeMatches("/web/streak", "/web/streak")).toBe(true);
    expect(routeMatches("/web/streak", "/web/streak/")).toBe(true);
    expect(routeMatches("/web/streak", "/web/daily-goal")).toBe(false);
    expect(routeMatches("/web/$trackId/section/$sectionIndex", "/web/3/section/0")).toBe(true);
    expect(routeMatches("/web/$trackId/section/$sectionIndex", "/web/3/section")).toBe(false);
    expect(routeMatches("*", "/anything")).toBe(true);
  });

  it("is deleted when the list is empty", () => {
    expect(notificationCookieLine([])).toContain("Max-Age=0");
  });
});

describe("NotificationProvider", () => {
  it("throws when used outside its provider", () => {
    function Lonely() {
      useNotifications();
      return null;
    }
    expect(() => renderToString(<Lonely />)).toThrow(
      "useNotifications must be used within a NotificationProvider.",
    );
  });

  it("reads the cookie, shows the ones for the route, adds and dismisses, and mirrors the cookie", () => {
    const jar = {
      cookie: `lumen_notifications=${encodeURIComponent(
        JSON.stringify([
          { id: "sync", forRoute: "/web/streak", title: "Synced" },
          { id: "other", forRoute: "/web/library", title: "Elsewhere" },
        ]),
      )}`,
    };
    const { seen, unmount } = mount<NotificationState>(
      (probe) => <NotificationProvider jar={jar}>{probe}</NotificationProvider>,
      useNotifications,
    );
    expect(seen.current?.forPath("/web/streak").map((n) => n.id)).toEqual(["sync"]);
    act(() =>
      seen.current?.addNotification({
        id: "new",
        forRoute: "*",
        title: "Welcome",
        tone: "success",
      }),
    );
    expect(seen.current?.forPath("/web/streak").map((n) => n.id)).toEqual(["sync", "new"]);
    act(() => seen.current?.dismissNotification("sync"));
    expect(seen.current?.notifications.map((n) => n.id)).toEqual(["other", "new"]);
    const stored = decodeURIComponent(jar.cookie.split(";")[0]?.split("=")[1] ?? "");
    expect(JSON.parse(stored).map((n: { id: string }) => n.id)).toEqual(["other", "new"]);
    unmount();
  });
});

describe("the sound setting", () => {
  it("is on by default, and a stored value wins on load", () => {
    expect(readSoundPreference(memoryStorage())).toBe(true);
    expect(readSoundPreference(memoryStorage({ [SOUND_STORAGE_KEY]: "false" }))).toBe(false);
    expect(readSoundPreference(memoryStorage({ [SOUND_STORAGE_KEY]: "true" }))).toBe(true);
    expect(readSoundPreference(memoryStorage({ [SOUND_STORAGE_KEY]: "maybe" }))).toBe(true);
  });

  it("plays only once the learner has used the page (no AudioContext warning on a fresh load)", () => {
    expect(mayStartSound({ hasBeenActive: false })).toBe(false);
    expect(mayStartSound({ hasBeenActive: true })).toBe(true);
    // A browser without the User Activation API tries, as before.
    expect(mayStartSound(undefined)).toBe(true);
  });

  it("is kept under lumen-sound-enabled", () => {
    const storage = memoryStorage();
    writeSoundPreference(false, storage);
    expect(storage.getItem("lumen-sound-enabled")).toBe("false");
  });

  it("throws when used outside its provider", () => {
    function Lonely() {
      useSound();
      return null;
    }
    expect(() => renderToString(<Lonely />)).toThrow(
      "useSound must be used within a SoundProvider.",
    );
  });

  it("plays achievements only while on, and remembers the switch", () => {
    localStorage.setItem(SOUND_STORAGE_KEY, "false");
    const play = vi.fn();
    const { seen, unmount } = mount<SoundState>(
      (probe) => <SoundProvider play={play}>{probe}</SoundProvider>,
      useSound,
    );
    expect(seen.current?.enabled).toBe(false);
    act(() => seen.current?.playAchievement());
    expect(play).not.toHaveBeenCalled();
    act(() => seen.current?.setEnabled(true));
    act(() => seen.current?.playAchievement());
    expect(play).toHaveBeenCalledOnce();
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe("true");
    unmount();
  });
});
