import { describe, expect, it } from "vitest";
import type { Draft } from "./draft-store.ts";
import { reconcileLateServerFiles, waitsForServer } from "./late-server-files.ts";
import { applySaved, type StarterFile } from "./merge-files.ts";

const starter: StarterFile[] = [
  { name: "main.py", content: "# start\n", readonly: false, hidden: false },
  { name: "data.py", content: "DATA = 1\n", readonly: true, hidden: false },
];
const withMain = (content: string) => applySaved(starter, [{ name: "main.py", content }]);
const draft = (content: string, synced: boolean): Draft => ({
  owner: "u1",
  lessonId: 1,
  files: [{ name: "main.py", content }],
  updatedAt: 1,
  synced,
});

describe("reconcileLateServerFiles", () => {
  it("never replaces what the learner typed after the lesson opened", () => {
    expect(
      reconcileLateServerFiles({
        starter,
        opened: starter,
        current: withMain("print('typed offline')\n"),
        server: [{ name: "main.py", content: "print('from another device')\n" }],
        draft: draft("print('typed offline')\n", false),
      }),
    ).toEqual({ action: "keep" });
  });

  it("shows the server's newer files when the lesson is untouched", () => {
    // Opened offline from a confirmed draft; another device saved since.
    expect(
      reconcileLateServerFiles({
        starter,
        opened: withMain("print(1)\n"),
        current: withMain("print(1)\n"),
        server: [{ name: "main.py", content: "print(2)\n" }],
        draft: draft("print(1)\n", true),
      }),
    ).toEqual({ action: "replace", files: withMain("print(2)\n"), needsUpload: false });
  });

  it("shows the server's files over the starter code the lesson opened with", () => {
    expect(
      reconcileLateServerFiles({
        starter,
        opened: starter,
        current: starter,
        server: [{ name: "main.py", content: "print(2)\n" }],
        draft: undefined,
      }),
    ).toEqual({ action: "replace", files: withMain("print(2)\n"), needsUpload: false });
  });

  it("keeps an unsent draft the lesson opened with, whatever the server says", () => {
    expect(
      reconcileLateServerFiles({
        starter,
        opened: withMain("mine\n"),
        current: withMain("mine\n"),
        server: [{ name: "main.py", content: "theirs\n" }],
        draft: draft("mine\n", false),
      }),
    ).toEqual({ action: "upload" });
  });

  it("sends a confirmed draft again when the server has lost it", () => {
    expect(
      reconcileLateServerFiles({
        starter,
        opened: withMain("mine\n"),
        current: withMain("mine\n"),
        server: [],
        draft: draft("mine\n", true),
      }),
    ).toEqual({ action: "upload" });
  });

  it("changes nothing when the server has what the editor shows", () => {
    expect(
      reconcileLateServerFiles({
        starter,
        opened: withMain("same\n"),
        current: withMain("same\n"),
        server: [{ name: "main.py", content: "same\n" }],
        draft: draft("same\n", true),
      }),
    ).toEqual({ action: "keep" });
  });
});

describe("waitsForServer", () => {
  const asking = {
    signedIn: true,
    asking: true,
    online: true,
    waitedEnough: false,
    alreadyOpened: false,
  };

  it("waits for a signed-in learner's files while the server is being asked online", () => {
    expect(waitsForServer(asking)).toBe(true);
  });

  it("opens at once offline, without an account, or when nothing is being asked", () => {
    expect(waitsForServer({ ...asking, online: false })).toBe(false);
    expect(waitsForServer({ ...asking, signedIn: false })).toBe(false);
    // A paused query (offline) or one that answered or failed.
    expect(waitsForServer({ ...asking, asking: false })).toBe(false);
  });

  it("stops waiting when the wait ran out, and never closes a lesson that opened", () => {
    expect(waitsForServer({ ...asking, waitedEnough: true })).toBe(false);
    expect(waitsForServer({ ...asking, alreadyOpened: true })).toBe(false);
  });
});
