/**
 * The escape corpus (issue 18): code run inside a builder machine by the local driver tries to
 * reach the database, this server, the host's files and secrets, another machine, and the cloud
 * metadata address, to gain privileges and to outgrow its limits. Every probe must fail. This
 * needs bubblewrap, as the server's own machines do (CI installs it).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sandboxSupport } from "@lumen/runners/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalDriver } from "./local-driver.ts";
import type { MachineSpec } from "./machine-driver.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");
const A = "0a000000-0000-4000-8000-00000000000a";
const B = "0b000000-0000-4000-8000-00000000000b";
const SECRET = "lumen-escape-probe-secret-value";

let root: string;
let server: Server;
let port: number;
let driver: ReturnType<typeof createLocalDriver>;

const spec = (id: string): MachineSpec => ({
  id,
  ownerId: "owner",
  role: "preview",
  mode: "development",
  limits: { memoryBytes: 256 * 1024 ** 2, cpus: 0.5, processes: 64, diskBytes: 64 * 1024 ** 2 },
});

/** Runs a Node script in machine A; it prints one word per probe. */
async function probe(script: string) {
  const result = await driver.exec(A, ["node", "-e", script], { timeoutMs: 60_000 });
  return `${result.stdout}${result.stderr}`.trim();
}

const connectScript = (host: string, port: number) => `
const s = require("net").connect(${port}, "${host}");
s.setTimeout(5000, () => { console.log("blocked: timeout"); process.exit(0); });
s.on("connect", () => { console.log("ESCAPED"); process.exit(0); });
s.on("error", (e) => { console.log("blocked: " + e.code); process.exit(0); });`;

beforeAll(async () => {
  process.env.LUMEN_ESCAPE_SECRET = SECRET;
  root = mkdtempSync(path.join(os.tmpdir(), "lumen-escape-"));
  const support = await sandboxSupport();
  if (!support.available) throw new Error(`bubblewrap is needed: ${support.missing}`);
  driver = createLocalDriver({
    root,
    nodeModules: path.join(REPO_ROOT, "node_modules"),
    asRoot: support.user === "own-uid",
    startTimeoutMs: 60_000,
  });
  for (const id of [A, B]) {
    await driver.create(spec(id));
    await driver.writeFiles(id, [{ path: "secret.txt", content: `machine ${id}` }]);
  }
  writeFileSync(path.join(root, "host-secret.txt"), SECRET);
  server = createServer((_req, res) => res.end("server"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  delete process.env.LUMEN_ESCAPE_SECRET;
  await driver?.destroy(A);
  await driver?.destroy(B);
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("a machine cannot reach out", () => {
  it("cannot reach the database, this server, or the metadata address", async () => {
    expect(await probe(connectScript("127.0.0.1", 5432))).toMatch(/^blocked/);
    expect(await probe(connectScript("127.0.0.1", port))).toMatch(/^blocked/);
    expect(await probe(connectScript("169.254.169.254", 80))).toMatch(/^blocked/);
    expect(await probe(connectScript("10.0.0.1", 443))).toMatch(/^blocked/);
  }, 240_000);

  it("has no network interface but, at most, a loopback of its own", async () => {
    const out = await probe(
      `const n = require("os").networkInterfaces(); console.log(Object.values(n).flat().filter((i) => !i.internal).length === 0 ? "blocked" : "ESCAPED " + JSON.stringify(n));`,
    );
    expect(out).toBe("blocked");
  }, 120_000);
});

describe("a machine cannot read what is not its own", () => {
  it("sees neither the server's code, its data, nor its settings", async () => {
    const out = await probe(`
const fs = require("fs");
const paths = ${JSON.stringify([
      path.join(REPO_ROOT, "apps/server/src/env.ts"),
      path.join(REPO_ROOT, "data"),
      path.join(root, "host-secret.txt"),
      "/etc/passwd",
      "/etc/shadow",
      "/root",
      "/home",
    ])};
for (const p of paths) console.log(fs.existsSync(p) ? "ESCAPED " + p : "blocked");
console.log(JSON.stringify(process.env).includes(${JSON.stringify(SECRET)}) ? "ESCAPED env" : "blocked");
console.log(Object.keys(process.env).some((k) => /KEY|SECRET|TOKEN|DATABASE|PASSWORD/i.test(k)) ? "ESCAPED env names" : "blocked");`);
    expect(
      out.split("\n").every((line) => line === "blocked"),
      out,
    ).toBe(true);
  }, 120_000);

  it("cannot see another machine's files or socket", async () => {
    const out = await probe(`
const fs = require("fs");
for (const p of ${JSON.stringify([path.join(root, B), path.join(root, B, "app/secret.txt"), path.join(root, B, "run")])})
  console.log(fs.existsSync(p) ? "ESCAPED " + p : "blocked");
console.log(fs.readFileSync("/app/secret.txt", "utf8") === "machine ${A}" ? "own" : "ESCAPED");`);
    expect(out.split("\n")).toEqual(["blocked", "blocked", "blocked", "own"]);
  }, 120_000);

  it("sees only its own processes", async () => {
    const out = await probe(`
const pids = require("fs").readdirSync("/proc").filter((n) => /^\\d+$/.test(n));
console.log(pids.length < 10 ? "blocked" : "ESCAPED " + pids.length);
console.log(${process.pid} === process.pid || require("fs").existsSync("/proc/${process.pid}/environ") && require("fs").readFileSync("/proc/${process.pid}/environ", "utf8").includes(${JSON.stringify(SECRET)}) ? "ESCAPED" : "blocked");`);
    expect(out.split("\n")).toEqual(["blocked", "blocked"]);
  }, 120_000);
});

describe("a machine cannot gain or outgrow", () => {
  it("is not root, has no capabilities, and cannot write the system or the packages", async () => {
    const out = await probe(`
const fs = require("fs");
console.log(process.getuid() === 0 ? "ESCAPED uid 0" : "blocked");
const caps = /CapEff:\\s*(\\w+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1];
console.log(/^0+$/.test(caps) ? "blocked" : "ESCAPED caps " + caps);
for (const p of ["/usr/escape.txt", "/app/node_modules/escape.txt", "/etc-escape.txt"]) {
  try { fs.writeFileSync(p, "x"); console.log("ESCAPED " + p); } catch { console.log("blocked"); }
}`);
    expect(
      out.split("\n").every((line) => line === "blocked"),
      out,
    ).toBe(true);
  }, 120_000);

  it("cannot take more memory than its limit, and the host is unharmed", async () => {
    const result = await driver.exec(
      A,
      [
        "node",
        "-e",
        "const a = []; for (let i = 0; i < 64; i++) { a.push(Buffer.alloc(32 * 1024 * 1024, 1)); } console.log('ESCAPED', a.length);",
      ],
      { timeoutMs: 120_000 },
    );
    expect(result.stdout).not.toContain("ESCAPED");
    expect(result.exitCode).not.toBe(0);
    // The other machine still works.
    const other = await driver.exec(B, ["node", "-e", "console.log('alive')"], {
      timeoutMs: 60_000,
    });
    expect(other.stdout.trim()).toBe("alive");
  }, 240_000);

  it("cannot start more processes than its limit", async () => {
    const out = await probe(`
const { spawn } = require("child_process");
let started = 0, refused = 0;
const kids = [];
for (let i = 0; i < 200; i++) {
  try { const k = spawn("sleep", ["5"]); k.on("error", () => refused++); kids.push(k); started++; } catch { refused++; }
}
setTimeout(() => { const alive = kids.filter((k) => k.pid && k.exitCode === null).length; console.log(alive < 100 ? "blocked" : "ESCAPED " + alive); kids.forEach((k) => { try { k.kill(); } catch {} }); process.exit(0); }, 1000);`);
    expect(out).toMatch(/^blocked/);
  }, 120_000);
});
