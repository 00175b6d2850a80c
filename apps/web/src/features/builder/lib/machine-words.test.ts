import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatCpus,
  formatCpuTime,
  idleStopNote,
  machineActions,
  machineStateWords,
  share,
  usageRows,
} from "./machine-words.ts";

const MB = 1024 * 1024;

describe("machineStateWords", () => {
  it("says a failed machine's reason, the driver's own sentence", () => {
    const words = machineStateWords("failed", "The app stopped on its own (exit code 1).");
    expect(words.label).toBe("Failed");
    expect(words.sentence).toBe("The app stopped on its own (exit code 1).");
  });

  it("points at the logs when a failure has no reason", () => {
    expect(machineStateWords("failed", null).sentence).toContain("Its logs say why.");
  });

  it("has a label for every state", () => {
    const states = ["created", "starting", "running", "stopping", "stopped", "failed"] as const;
    expect(states.map((s) => machineStateWords(s, null).label)).toEqual([
      "Not started",
      "Starting",
      "Running",
      "Stopping",
      "Stopped",
      "Failed",
    ]);
  });
});

describe("machineActions", () => {
  it("offers restart and stop while up, start while down, nothing while stopping", () => {
    expect(machineActions("running")).toEqual(["restart", "stop"]);
    expect(machineActions("starting")).toEqual(["restart", "stop"]);
    expect(machineActions("stopped")).toEqual(["start"]);
    expect(machineActions("failed")).toEqual(["start"]);
    expect(machineActions("created")).toEqual(["start"]);
    expect(machineActions("stopping")).toEqual([]);
  });
});

describe("formatBytes", () => {
  it("uses 1024-based units with one decimal below 10", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(768 * MB)).toBe("768 MB");
    expect(formatBytes(1.5 * 1024 * MB)).toBe("1.5 GB");
    expect(formatBytes(2.25 * MB)).toBe("2.3 MB");
    expect(formatBytes(-1)).toBe("0 bytes");
  });
});

describe("formatCpuTime", () => {
  it("reads as seconds, minutes or hours", () => {
    expect(formatCpuTime(420)).toBe("0.4 s");
    expect(formatCpuTime(12_300)).toBe("12 s");
    expect(formatCpuTime(185_000)).toBe("3 min 5 s");
    expect(formatCpuTime(7_800_000)).toBe("2 h 10 min");
  });
});

describe("formatCpus", () => {
  it("says one core or several", () => {
    expect(formatCpus(1)).toBe("1 CPU core");
    expect(formatCpus(0.5)).toBe("0.5 CPU cores");
  });
});

describe("share", () => {
  it("is a whole percentage between 0 and 100", () => {
    expect(share(192, 768)).toBe(25);
    expect(share(900, 768)).toBe(100);
    expect(share(5, 0)).toBe(100);
  });
});

describe("usageRows", () => {
  const limits = { memoryBytes: 768 * MB, cpus: 1, diskBytes: 512 * MB, processes: 256 };

  it("is null when the driver cannot tell what the machine uses", () => {
    expect(usageRows({ usage: null, limits })).toBeNull();
  });

  it("puts memory and disk against their limits, CPU time and processes as counts", () => {
    const rows = usageRows({
      usage: { memoryBytes: 192 * MB, cpuMs: 4_200, diskBytes: 128 * MB, processes: 7 },
      limits,
    });
    expect(rows).toEqual([
      { name: "Memory", value: "192 MB of 768 MB", percent: 25 },
      { name: "Disk", value: "128 MB of 512 MB", percent: 25 },
      { name: "CPU time", value: "4.2 s used, on 1 CPU core at most", percent: null },
      { name: "Processes", value: "7 running", percent: null },
    ]);
  });
});

describe("idleStopNote", () => {
  it("tells a preview when it stops and that it starts again", () => {
    expect(idleStopNote(15)).toBe(
      "It stops after 15 minutes without use; it starts again when you open it.",
    );
    expect(idleStopNote(1)).toContain("after 1 minute without use");
  });

  it("tells an instance's machine that it stays up", () => {
    expect(idleStopNote(null)).toContain("stays up");
  });
});
