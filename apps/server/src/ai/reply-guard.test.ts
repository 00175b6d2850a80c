import { describe, expect, it } from "vitest";
import { ReplyGuard } from "./reply-guard.ts";

const never = () => false;

function feed(guard: ReplyGuard, pieces: string[]) {
  const released = pieces.map((p) => guard.push(p).release);
  released.push(guard.finish().release);
  return released;
}

describe("ReplyGuard", () => {
  it("releases a paragraph at a time, once its blank line has come", () => {
    const released = feed(new ReplyGuard(never), ["One para", "graph.\n", "\nTwo", " more."]);
    expect(released).toEqual(["", "", "One paragraph.\n\n", "", "Two more."]);
  });

  it("holds a fenced code block back until its closing fence line has ended", () => {
    const guard = new ReplyGuard(never);
    expect(guard.push("Look:\n```py\nx = 1\n\ny = 2\n").release).toBe("Look:\n");
    expect(guard.push("```").release).toBe("");
    expect(guard.push("\nAfter.").release).toBe("```py\nx = 1\n\ny = 2\n```\n");
    expect(guard.finish().release).toBe("After.");
    expect(guard.shown).toBe("Look:\n```py\nx = 1\n\ny = 2\n```\nAfter.");
  });

  it("releases an unclosed block at the end, if it passes", () => {
    expect(feed(new ReplyGuard(never), ["~~~js\nlet a = 1;\n"])).toEqual([
      "",
      "~~~js\nlet a = 1;\n",
    ]);
  });

  it("asks the guard about everything shown so far plus the block, and stops at a leak", () => {
    const seen: string[] = [];
    const guard = new ReplyGuard((text) => {
      seen.push(text);
      return text.includes("SECRET");
    });
    expect(guard.push("Fine.\n\nStill fine.\n\nSEC").release).toBe("Fine.\n\nStill fine.\n\n");
    expect(guard.push("RET here.\n\nMore.")).toEqual({ release: "", leaked: true });
    expect(guard.push("Anything.")).toEqual({ release: "", leaked: true });
    expect(guard.finish()).toEqual({ release: "", leaked: true });
    expect(seen).toEqual([
      "Fine.\n\n",
      "Fine.\n\nStill fine.\n\n",
      "Fine.\n\nStill fine.\n\nSECRET here.\n\n",
    ]);
    expect(guard.shown).toBe("Fine.\n\nStill fine.\n\n");
  });

  it("catches a leak that only the last, unterminated piece completes", () => {
    const guard = new ReplyGuard((text) => text.includes("SECRET"));
    expect(guard.push("Begin.\n\nSEC").leaked).toBe(false);
    expect(guard.push("RET")).toEqual({ release: "", leaked: false });
    expect(guard.finish()).toEqual({ release: "", leaked: true });
  });
});
