import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, type SandboxCommandOptions, sandboxCommand } from "./sandbox-command.ts";

const options: SandboxCommandOptions = {
  root: true,
  uid: 61_003,
  readOnly: ["/repo/node_modules", "/repo/packages/runners"],
  cwd: "/repo",
  node: "/usr/bin/node",
  nodeArgs: ["--disallow-code-generation-from-strings"],
  entry: "/repo/packages/runners/src/sandbox/worker-main.ts",
  limits: DEFAULT_LIMITS,
  ipcFd: 3,
};

const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe("sandboxCommand as root", () => {
  const { command, args } = sandboxCommand(options);

  it("starts in a network namespace of its own, so no interface is up", () => {
    expect([command, ...args.slice(0, 2)]).toEqual(["unshare", "--net", "--"]);
    // bubblewrap keeps that namespace instead of making one with a loopback.
    expect(args).toContain("--share-net");
  });

  it("drops to the slot's own user with no groups, capabilities or new privileges", () => {
    expect(args).toEqual(
      expect.arrayContaining([
        "setpriv",
        "--reuid=61003",
        "--regid=61003",
        "--clear-groups",
        "--no-new-privs",
        "--inh-caps=-all",
        "--bounding-set=-all",
      ]),
    );
  });

  it("limits memory, processes, CPU time, file size and open files, with no core dumps", () => {
    expect(args).toEqual(
      expect.arrayContaining([
        `--data=${2 * 1024 ** 3}`,
        "--nproc=256",
        "--cpu=3600",
        `--fsize=${16 * 1024 ** 2}`,
        "--nofile=256",
        "--core=0",
      ]),
    );
  });

  it("unshares every namespace, empties the environment and dies with its parent", () => {
    for (const flag of ["--unshare-all", "--clearenv", "--die-with-parent", "--new-session"]) {
      expect(args).toContain(flag);
    }
    expect(args.filter((a) => a === "--setenv").length).toBe(4);
    expect(flagValue(args, "NODE_CHANNEL_FD")).toBe("3");
  });

  it("shows /usr and the runtime files read-only, a private /tmp, and nothing else", () => {
    const binds = args.flatMap((a, i) => (a === "--ro-bind" ? [args[i + 1]] : []));
    expect(binds).toEqual(["/usr", "/repo/node_modules", "/repo/packages/runners"]);
    expect(args).not.toContain("--bind");
    expect(flagValue(args, "--tmpfs")).toBe("/tmp");
  });

  it("runs node with its flags and the entry last", () => {
    expect(args.slice(-3)).toEqual([
      "/usr/bin/node",
      "--disallow-code-generation-from-strings",
      "/repo/packages/runners/src/sandbox/worker-main.ts",
    ]);
  });
});

describe("sandboxCommand as another user", () => {
  const { command, args } = sandboxCommand({ ...options, root: false });

  it("lets bubblewrap make the network namespace and map the user to 65534", () => {
    expect(command).toBe("prlimit");
    expect(args).not.toContain("unshare");
    expect(args).not.toContain("setpriv");
    expect(args).not.toContain("--share-net");
    expect(flagValue(args, "--uid")).toBe("65534");
    expect(flagValue(args, "--gid")).toBe("65534");
  });
});
