/**
 * A turn's working copy of a build's files (issue 18): the agent's tools read and change it, and
 * it remembers each file's content before the turn's first change (so that the turn can be undone
 * exactly) and reports every edit with how it applied.
 */
import type { BuildChange, BuildEdit } from "@lumen/contracts";
import { applySearchReplace, BUILDER_LIMITS, buildPathProblem, utf8Bytes } from "@lumen/core";

export class Workspace {
  private readonly files: Map<string, string>;
  private readonly before = new Map<string, string | null>();
  readonly edits: BuildEdit[] = [];

  constructor(files: Array<{ path: string; content: string }>) {
    this.files = new Map(files.map((f) => [f.path, f.content]));
  }

  list(): string[] {
    return [...this.files.keys()].sort();
  }

  read(path: string): string | undefined {
    return this.files.get(path);
  }

  snapshot(): Array<{ path: string; content: string }> {
    return this.list().map((path) => ({ path, content: this.files.get(path) ?? "" }));
  }

  private remember(path: string) {
    if (!this.before.has(path)) this.before.set(path, this.files.get(path) ?? null);
  }

  private problemWith(path: string, content: string | null): string | null {
    const pathProblem = buildPathProblem(path);
    if (pathProblem) return pathProblem;
    if (content === null) return null;
    if (utf8Bytes(content) > BUILDER_LIMITS.fileBytes) {
      return `A file can be at most ${BUILDER_LIMITS.fileBytes / 1000} kB.`;
    }
    if (!this.files.has(path) && this.files.size >= BUILDER_LIMITS.files) {
      return `A build can have at most ${BUILDER_LIMITS.files} files.`;
    }
    let total = utf8Bytes(content);
    for (const [other, text] of this.files) if (other !== path) total += utf8Bytes(text);
    if (total > BUILDER_LIMITS.buildBytes) {
      return `A build's files can be at most ${BUILDER_LIMITS.buildBytes / 1_000_000} MB together.`;
    }
    return null;
  }

  private record(edit: Omit<BuildEdit, "message"> & { message?: string | null }) {
    this.edits.push({ ...edit, message: edit.message ?? null });
  }

  /** A whole file written (created or replaced): the full rewrite. */
  write(path: string, content: string): { ok: boolean; message: string } {
    const problem = this.problemWith(path, content);
    if (problem) {
      this.record({ path, action: "write", method: "rewrite", ok: false, message: problem });
      return { ok: false, message: problem };
    }
    this.remember(path);
    this.files.set(path, content);
    this.record({ path, action: "write", method: "rewrite", ok: true });
    return { ok: true, message: `Wrote ${path} (${content.split("\n").length} lines).` };
  }

  /** One passage replaced: exact, then whitespace-tolerant (core search-replace.ts). */
  replace(path: string, search: string, replacement: string): { ok: boolean; message: string } {
    const current = this.files.get(path);
    if (current === undefined) {
      const message = `There is no file ${path}. Use write_file to create it.`;
      this.record({ path, action: "replace", method: null, ok: false, message });
      return { ok: false, message };
    }
    const result = applySearchReplace(current, search, replacement);
    if (!result.ok) {
      this.record({ path, action: "replace", method: null, ok: false, message: result.message });
      return { ok: false, message: result.message };
    }
    const problem = this.problemWith(path, result.content);
    if (problem) {
      this.record({ path, action: "replace", method: result.method, ok: false, message: problem });
      return { ok: false, message: problem };
    }
    this.remember(path);
    this.files.set(path, result.content);
    this.record({ path, action: "replace", method: result.method, ok: true });
    return {
      ok: true,
      message: `Edited ${path} (${result.method === "exact" ? "exact match" : "matched ignoring spaces"}).`,
    };
  }

  delete(path: string): { ok: boolean; message: string } {
    if (!this.files.has(path)) {
      const message = `There is no file ${path}.`;
      this.record({ path, action: "delete", method: null, ok: false, message });
      return { ok: false, message };
    }
    const problem = buildPathProblem(path);
    if (problem) {
      this.record({ path, action: "delete", method: null, ok: false, message: problem });
      return { ok: false, message: problem };
    }
    this.remember(path);
    this.files.delete(path);
    this.record({ path, action: "delete", method: null, ok: true });
    return { ok: true, message: `Deleted ${path}.` };
  }

  /** What changed in this turn: each touched file before and after (null: absent). */
  changes(): BuildChange[] {
    return [...this.before.entries()]
      .map(([path, before]) => ({ path, before, after: this.files.get(path) ?? null }))
      .filter((change) => change.before !== change.after)
      .sort((a, b) => a.path.localeCompare(b.path));
  }
}
