import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MachineLog } from "./local-log.ts";
import { machineUid, workspaceBytes, writeWorkspaceFiles } from "./local-workspace.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "lumen-machine-"));
  mkdirSync(path.join(dir, "app", "node_modules"), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("writeWorkspaceFiles", () => {
  it("writes and deletes files inside the workspace, making folders on the way", () => {
    const app = path.join(dir, "app");
    writeWorkspaceFiles(app, [{ path: "src/pages/home.tsx", content: "export {};\n" }], null);
    expect(readFileSync(path.join(app, "src/pages/home.tsx"), "utf8")).toBe("export {};\n");
    writeWorkspaceFiles(app, [{ path: "src/pages/home.tsx", content: null }], null);
    expect(existsSync(path.join(app, "src/pages/home.tsx"))).toBe(false);
  });

  it.each([
    "../machine.json",
    "../../outside.txt",
    "/etc/passwd",
    "node_modules/react/index.js",
    "src/../../log.jsonl",
    ".",
  ])("refuses %s before writing anything", (target) => {
    const app = path.join(dir, "app");
    expect(() =>
      writeWorkspaceFiles(
        app,
        [
          { path: "first.txt", content: "x" },
          { path: target, content: "y" },
        ],
        null,
      ),
    ).toThrow(`Refused path ${target}`);
    expect(existsSync(path.join(dir, "machine.json"))).toBe(false);
    expect(existsSync(path.join(path.dirname(dir), "outside.txt"))).toBe(false);
  });

  it("counts the workspace's bytes without its packages, and 0 when it is gone", () => {
    const app = path.join(dir, "app");
    writeWorkspaceFiles(app, [{ path: "a.txt", content: "12345" }], null);
    writeWorkspaceFiles(app, [{ path: "src/b.txt", content: "123" }], null);
    symlinkSync("/etc", path.join(app, "node_modules", "etc"));
    expect(workspaceBytes(dir)).toBe(8);
    expect(workspaceBytes(path.join(dir, "gone"))).toBe(0);
  });
});

describe("machineUid", () => {
  it("gives each machine a user of its own above 200000", () => {
    const a = machineUid("0a1b2c3d-0000-4000-8000-000000000000");
    const b = machineUid("0a1b2c4d-0000-4000-8000-000000000000");
    expect(a).toBeGreaterThanOrEqual(200_000);
    expect(a).not.toBe(b);
  });
});

describe("MachineLog", () => {
  it("numbers lines on across a restart and reads older lines from its file", () => {
    const first = new MachineLog(dir, 2);
    const seen: number[] = [];
    const stop = first.follow((line) => seen.push(line.seq));
    first.write("system", "starting");
    first.write("stdout", "listening");
    stop();
    first.write("stderr", "warning");
    expect(seen).toEqual([1, 2]);

    const again = new MachineLog(dir, 2);
    again.write("system", "running");
    expect(again.after(0, 10).map((l) => [l.seq, l.text])).toEqual([
      [1, "starting"],
      [2, "listening"],
      [3, "warning"],
      [4, "running"],
    ]);
    expect(again.after(2, 1).map((l) => l.seq)).toEqual([3]);
    expect(again.after(4, 10)).toEqual([]);
  });
});
