import { describe, expect, it } from "vitest";
import { APP_SOCKET, machineCommand } from "./machine-command.ts";

const base = {
  uid: 200_123,
  workspace: "/data/machines/m1/app",
  nodeModules: "/srv/lumen/node_modules",
  runDir: "/data/machines/m1/run",
  node: "/usr/bin/node",
  command: ["node", "node_modules/tsx/dist/cli.mjs", "server/main.ts"],
  env: { NODE_ENV: "development", APP_SOCKET },
  limits: { memoryBytes: 1024 ** 3, processes: 128, fileBytes: 64 * 1024 ** 2 },
};

const pairs = (args: string[], flag: string) =>
  args.flatMap((arg, i) => (arg === flag ? [`${args[i + 1]} ${args[i + 2]}`] : []));

describe("machineCommand", () => {
  it("as root: cgroups first, then no network, its own user, limits, and bubblewrap", () => {
    const { command, args } = machineCommand({
      ...base,
      root: true,
      cgroupProcs: ["/sys/fs/cgroup/memory/lumen-machines/m1/cgroup.procs"],
    });
    expect(command).toBe("/bin/sh");
    expect(args[1]).toBe('echo $$ > "$1" && shift 1 && exec "$@"');
    const rest = args.slice(4);
    expect(rest.slice(0, 3)).toEqual(["unshare", "--net", "--"]);
    expect(rest).toContain("--reuid=200123");
    expect(rest).toContain("--no-new-privs");
    expect(rest).toContain("--bounding-set=-all");
    expect(rest).toContain("--nproc=128");
    expect(rest).toContain("--core=0");
    expect(rest).toContain("--clearenv");
    expect(rest).toContain("--die-with-parent");
    expect(pairs(rest, "--bind")).toEqual([
      "/data/machines/m1/app /app",
      "/data/machines/m1/run /run/app",
    ]);
    expect(pairs(rest, "--ro-bind")).toEqual([
      "/usr /usr",
      "/srv/lumen/node_modules /app/node_modules",
    ]);
    expect(pairs(rest, "--setenv")).toEqual([
      "PATH /usr/bin:/usr/bin:/bin",
      "HOME /tmp",
      "NODE_ENV development",
      `APP_SOCKET ${APP_SOCKET}`,
    ]);
    expect(rest.slice(rest.indexOf("--remount-ro"), rest.indexOf("--remount-ro") + 2)).toEqual([
      "--remount-ro",
      "/",
    ]);
    expect(rest.slice(-3)).toEqual(base.command);
  });

  it("without root: bubblewrap's own user namespace as nobody, no cgroup shell", () => {
    const { command, args } = machineCommand({ ...base, root: false, cgroupProcs: [] });
    expect(command).toBe("prlimit");
    expect(args).not.toContain("unshare");
    expect(args).toContain("--unshare-all");
    expect(pairs(args, "--uid")).toEqual(["65534 --gid"]);
  });

  it("binds Node's folder when it is not under /usr", () => {
    const { args } = machineCommand({
      ...base,
      node: "/opt/node/bin/node",
      root: false,
      cgroupProcs: [],
    });
    expect(pairs(args, "--ro-bind")).toContain("/opt/node/bin /opt/node/bin");
  });
});
