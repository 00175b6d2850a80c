/**
 * Holds a streamed reply back until the leak guard has read it (issue 16, ADR 0049): the model's
 * text is released a block at a time, a paragraph (up to a blank line) or a whole fenced code
 * block, and each block only after `leaks(everything shown so far + the block)` said no. So the
 * learner sees text arrive in bursts rather than word by word, but never a word of a leaking
 * reply's leaking block; what was shown before it passed the guard on its own.
 */

export interface GuardStep {
  /** Text the learner may now see. */
  release: string;
  /** The guard found the solution: stop showing this reply. */
  leaked: boolean;
}

const FENCE_OPEN = /(^|\n)[ \t]*(`{3,}|~{3,})[^\n]*\n/;

export class ReplyGuard {
  /** What has been released. */
  shown = "";
  leaked = false;
  private pending = "";

  constructor(private readonly leaks: (text: string) => boolean) {}

  /** Takes the next piece of the model's text; answers what may be shown now. */
  push(delta: string): GuardStep {
    if (this.leaked) return { release: "", leaked: true };
    this.pending += delta;
    let release = "";
    for (;;) {
      const block = this.nextBlock();
      if (block === undefined) break;
      if (!this.admit(block)) return { release, leaked: true };
      release += block;
    }
    return { release, leaked: false };
  }

  /** The model finished: the rest, if it passes. */
  finish(): GuardStep {
    if (this.leaked) return { release: "", leaked: true };
    const rest = this.pending;
    this.pending = "";
    if (rest.length === 0) return { release: "", leaked: false };
    return this.admit(rest) ? { release: rest, leaked: false } : { release: "", leaked: true };
  }

  private admit(block: string): boolean {
    if (this.leaks(this.shown + block)) {
      this.leaked = true;
      return false;
    }
    this.shown += block;
    return true;
  }

  /** Cuts the next complete block off `pending`, or undefined while it is incomplete. */
  private nextBlock(): string | undefined {
    const text = this.pending;
    const fence = FENCE_OPEN.exec(text);
    const paragraphEnd = text.indexOf("\n\n");
    const fenceStart = fence ? fence.index + (fence[1]?.length ?? 0) : -1;
    if (fence && (paragraphEnd < 0 || fenceStart <= paragraphEnd)) {
      if (fenceStart > 0) return this.take(fenceStart);
      const marker = fence[2] ?? "```";
      const bodyStart = fence.index + fence[0].length;
      const close = new RegExp(
        `\\n[ \\t]*${marker[0] === "`" ? "`" : "~"}{${marker.length},}[ \\t]*(\\n|$)`,
      );
      const closing = close.exec(text.slice(bodyStart - 1));
      // The closing fence counts only once its line has ended (or the reply has).
      if (closing?.[1] !== "\n") return undefined;
      return this.take(bodyStart - 1 + closing.index + closing[0].length);
    }
    if (paragraphEnd >= 0) return this.take(paragraphEnd + 2);
    return undefined;
  }

  private take(length: number): string {
    const block = this.pending.slice(0, length);
    this.pending = this.pending.slice(length);
    return block;
  }
}
