/**
 * A local machine's log (local-driver.ts): numbered lines, the newest kept in memory and all of
 * them in `log.jsonl` in the machine's folder, so that the numbering and the history go on across
 * server restarts, and followers are told of each new line.
 */
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import type { LogLine } from "./machine-driver.ts";

export class MachineLog {
  private lines: LogLine[] = [];
  private seq = 0;
  private readonly listeners = new Set<(line: LogLine) => void>();
  private readonly file: string;

  constructor(
    machineDir: string,
    private readonly kept: number,
  ) {
    this.file = path.join(machineDir, "log.jsonl");
    try {
      const all = readFileSync(this.file, "utf8").split("\n").filter(Boolean);
      this.lines = all.slice(-kept).map((line) => JSON.parse(line) as LogLine);
      this.seq = this.lines.at(-1)?.seq ?? 0;
    } catch {}
  }

  write(stream: LogLine["stream"], text: string): void {
    const line: LogLine = { seq: ++this.seq, at: new Date().toISOString(), stream, text };
    this.lines.push(line);
    if (this.lines.length > this.kept) this.lines.splice(0, this.lines.length - this.kept);
    try {
      appendFileSync(this.file, `${JSON.stringify(line)}\n`);
    } catch {}
    for (const listener of this.listeners) listener(line);
  }

  /** Lines after `afterSeq`, oldest first: from memory when it holds them, else from the file. */
  after(afterSeq: number, limit: number): LogLine[] {
    const inMemory = this.lines.filter((line) => line.seq > afterSeq);
    if (inMemory.length > 0 && inMemory[0]!.seq === afterSeq + 1) return inMemory.slice(0, limit);
    try {
      return readFileSync(this.file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine)
        .filter((line) => line.seq > afterSeq)
        .slice(0, limit);
    } catch {
      return inMemory.slice(0, limit);
    }
  }

  follow(listener: (line: LogLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
