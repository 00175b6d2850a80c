import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { nodeWorkerPort } from "../host/node-worker-port.ts";
import type { WorkerPort } from "../host/restartable-worker.ts";
import { makePythonSnapshot } from "./make-snapshot.ts";
import type { PythonJob } from "./protocol.ts";
import { pyodideSnapshotFile } from "./pyodide-path.ts";

let snapshot: Uint8Array;
const ports: WorkerPort[] = [];

beforeAll(async () => {
  snapshot = await makePythonSnapshot();
}, 120_000);

afterEach(() => {
  for (const port of ports.splice(0)) port.terminate();
});

/** A Python worker thread, and the messages it sends. */
function startPython(withSnapshot: Uint8Array) {
  const port = nodeWorkerPort(new URL("./node-worker.ts", import.meta.url), {
    interrupt: new Int32Array(new SharedArrayBuffer(4)),
    snapshot: withSnapshot,
  });
  ports.push(port);
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  port.onMessage((message) => {
    messages.push(message as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  async function next(type: string): Promise<Record<string, unknown>> {
    for (;;) {
      const found = messages.find((m) => m.type === type || m.type === "crashed");
      if (found) {
        messages.splice(messages.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((wake) => waiters.push(wake));
    }
  }
  return { port, next };
}

const job = (content: string): PythonJob => ({
  files: [{ name: "main.py", content }],
  stdin: [],
  inputMode: "empty",
  maxOutputChars: 1_000,
});

describe("the Python memory snapshot", () => {
  it("is what a worker starts from when it has one", async () => {
    const python = startPython(snapshot);
    expect(await python.next("ready")).toEqual({ type: "ready", fromSnapshot: true });
    python.port.post({ type: "run", id: 1, job: job('print("restored", 6 * 7)') });
    expect(await python.next("console")).toEqual({
      type: "console",
      id: 1,
      entries: [{ stream: "stdout", text: "restored 42\n" }],
    });
    expect(await python.next("done")).toMatchObject({ type: "done", outcome: { tests: [] } });
  }, 60_000);

  it("gives each restored interpreter random numbers of its own", async () => {
    const draws: unknown[] = [];
    for (const python of [startPython(snapshot), startPython(snapshot)]) {
      await python.next("ready");
      python.port.post({ type: "run", id: 1, job: job("import random\nprint(random.random())") });
      draws.push(await python.next("console"));
    }
    expect(draws[0]).not.toEqual(draws[1]);
  }, 60_000);

  it("is the same bytes each time it is made from the same sources", async () => {
    const again = await makePythonSnapshot();
    expect(again.length).toBe(snapshot.length);
    expect(Buffer.compare(again, snapshot)).toBe(0);
  }, 120_000);

  it("falls back to a start from scratch when it does not restore", async () => {
    const broken = snapshot.slice();
    broken.fill(7, 0, 64);
    const python = startPython(broken);
    expect(await python.next("ready")).toEqual({ type: "ready", fromSnapshot: false });
    python.port.post({ type: "run", id: 1, job: job("x = 1 / 0") });
    expect(await python.next("done")).toMatchObject({
      outcome: { error: { message: "ZeroDivisionError: division by zero", line: 1 } },
    });
  }, 120_000);

  it("gets a new name for each Pyodide version", () => {
    expect(pyodideSnapshotFile("314.0.7")).toMatch(/^snapshot-[0-9a-z]+\.bin$/);
    expect(pyodideSnapshotFile("314.0.7")).toBe(pyodideSnapshotFile("314.0.7"));
    expect(pyodideSnapshotFile("314.0.8")).not.toBe(pyodideSnapshotFile("314.0.7"));
  });
});
