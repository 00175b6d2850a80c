import { describe, expect, it } from "vitest";
import { activeTrackCookieNames, clearLearnerTraces } from "../../auth/lib/logout-cleanup.ts";
import {
  cookieString,
  readActiveSection,
  readActiveTrack,
  readCookie,
  writeActiveSection,
  writeActiveTrack,
} from "./active-cookies.ts";

/** A cookie jar that behaves like document.cookie: writes one, reads all, Max-Age=0 deletes. */
function jar() {
  const values = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...values].map(([k, v]) => `${k}=${v}`).join("; ");
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      if (attrs.some((a) => a === "Max-Age=0")) values.delete(name);
      else values.set(name, pair.slice(eq + 1));
    },
  };
}

describe("active track and section cookies", () => {
  it("last 2 days, lax and secure, on the whole site", () => {
    expect(cookieString("activeTrackId", "3")).toBe(
      "activeTrackId=3; Max-Age=172800; Path=/; SameSite=Lax; Secure",
    );
  });

  it("remember the active track and one section per track", () => {
    const j = jar();
    writeActiveTrack(3, j);
    writeActiveSection(3, 1, j);
    writeActiveSection(7, 0, j);
    expect(readActiveTrack(j)).toBe(3);
    expect(readActiveSection(3, j)).toBe(1);
    expect(readActiveSection(7, j)).toBe(0);
    expect(readActiveSection(9, j)).toBeUndefined();
    expect(j.writes[1]).toBe("activeSection_3=1; Max-Age=172800; Path=/; SameSite=Lax; Secure");
  });

  it("ignore values a learner could have edited into nonsense", () => {
    const j = jar();
    j.cookie = "activeTrackId=abc";
    j.cookie = "activeSection_3=-1";
    expect(readActiveTrack(j)).toBeUndefined();
    expect(readActiveSection(3, j)).toBeUndefined();
    j.cookie = "activeTrackId=0";
    expect(readActiveTrack(j)).toBeUndefined();
  });

  it("are the ones logout clears", () => {
    const j = jar();
    writeActiveTrack(3, j);
    writeActiveSection(3, 2, j);
    j.cookie = "theme=dark";
    expect(activeTrackCookieNames(j.cookie).sort()).toEqual(["activeSection_3", "activeTrackId"]);
    clearLearnerTraces(j, () => {});
    expect(readActiveTrack(j)).toBeUndefined();
    expect(readActiveSection(3, j)).toBeUndefined();
    expect(readCookie(j.cookie, "theme")).toBe("dark");
  });

  it("reads a cookie by its exact name", () => {
    expect(readCookie("a=1; activeTrackIdX=9; activeTrackId=4", "activeTrackId")).toBe("4");
    expect(readCookie("a=%7B%22x%22%3A1%7D", "a")).toBe('{"x":1}');
    expect(readCookie("a=%E0%A4%A", "a")).toBeUndefined();
    expect(readCookie("", "a")).toBeUndefined();
  });
});
