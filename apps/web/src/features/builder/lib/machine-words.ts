/**
 * A machine in plain words (issue 18): its state as a label and a sentence, what it uses against
 * its limits, and the idle-stop note. Pure, so the wording is tested and shared by the machine and
 * instance screens.
 */
import type { MachineStateName, MachineView } from "@lumen/contracts";

export type StateTone = "neutral" | "brand" | "success" | "warning";

export interface StateWords {
  label: string;
  tone: StateTone;
  sentence: string;
}

export function machineStateWords(state: MachineStateName, reason: string | null): StateWords {
  switch (state) {
    case "created":
      return { label: "Not started", tone: "neutral", sentence: "The app has not started yet." };
    case "starting":
      return {
        label: "Starting",
        tone: "brand",
        sentence: "The app is starting. This can take a minute.",
      };
    case "running":
      return { label: "Running", tone: "success", sentence: "The app is running." };
    case "stopping":
      return { label: "Stopping", tone: "neutral", sentence: "The app is stopping." };
    case "stopped":
      return {
        label: "Stopped",
        tone: "neutral",
        sentence: "The app is not running. Its files are kept: start it again at any time.",
      };
    case "failed":
      return {
        label: "Failed",
        tone: "warning",
        // The drivers' reasons are whole sentences already ("The app stopped on its own (exit
        // code 1).").
        sentence: reason?.trim() || "The app stopped on its own with an error. Its logs say why.",
      };
  }
}

/** What the learner may ask of a machine in STATE. */
export function machineActions(state: MachineStateName): ("start" | "stop" | "restart")[] {
  if (state === "running" || state === "starting") return ["restart", "stop"];
  if (state === "stopping") return [];
  return ["start"];
}

const UNITS = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** 1024-based sizes, as operating systems show memory: "768 MB", "1.5 GB", "512 bytes". */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
}

/** CPU time: "0.4 s", "12 s", "3 min 5 s", "2 h 10 min". */
export function formatCpuTime(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return `${Math.round(seconds * 10) / 10} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

export function formatCpus(cpus: number): string {
  return cpus === 1 ? "1 CPU core" : `${cpus} CPU cores`;
}

/** USED of LIMIT as a whole percentage from 0 to 100 (a limit of 0 is full). */
export function share(used: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

export interface UsageRow {
  name: string;
  value: string;
  /** 0–100 when the use has a limit to be measured against. */
  percent: number | null;
}

/** The resource rows of the machine screen, or null when the driver cannot tell what it uses. */
export function usageRows(machine: Pick<MachineView, "usage" | "limits">): UsageRow[] | null {
  const { usage, limits } = machine;
  if (!usage) return null;
  return [
    {
      name: "Memory",
      value: `${formatBytes(usage.memoryBytes)} of ${formatBytes(limits.memoryBytes)}`,
      percent: share(usage.memoryBytes, limits.memoryBytes),
    },
    {
      name: "Disk",
      value: `${formatBytes(usage.diskBytes)} of ${formatBytes(limits.diskBytes)}`,
      percent: share(usage.diskBytes, limits.diskBytes),
    },
    {
      name: "CPU time",
      value: `${formatCpuTime(usage.cpuMs)} used, on ${formatCpus(limits.cpus)} at most`,
      percent: null,
    },
    {
      name: "Processes",
      value: `${usage.processes} running`,
      percent: null,
    },
  ];
}

/** The note on stopping when idle: previews stop after a while, instances stay up. */
export function idleStopNote(idleStopMinutes: number | null): string {
  if (idleStopMinutes === null)
    return "This machine stays up: published apps do not stop when idle.";
  const minutes = idleStopMinutes === 1 ? "1 minute" : `${idleStopMinutes} minutes`;
  return `It stops after ${minutes} without use; it starts again when you open it.`;
}
