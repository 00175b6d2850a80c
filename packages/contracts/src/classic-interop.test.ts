/** The server and the runners compose the contracts' zod/mini schemas inside classic zod ones. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lessonFileSchema, runErrorSchema, runFileSchema } from "./index.ts";

describe("contracts inside classic zod", () => {
  it("parse, strip and report paths as part of a classic object", () => {
    const saved = z.object({
      files: z.array(z.object({ name: runFileSchema.shape.name, userContent: z.string() })),
      starter: z.optional(lessonFileSchema),
    });
    const file = { name: "main.py", content: "x", readonly: false, hidden: false, extra: 1 };
    expect(saved.parse({ files: [{ name: "a/b.py", userContent: "" }], starter: file })).toEqual({
      files: [{ name: "a/b.py", userContent: "" }],
      starter: { name: "main.py", content: "x", readonly: false, hidden: false },
    });
    const result = saved.safeParse({ files: [{ name: "bad name", userContent: "" }] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["files.0.name", "a file name uses letters, digits, . _ - and /"],
    ]);
  });

  it("composes with classic zod's functions, as the Python runner's protocol does", () => {
    const outcome = z.object({ error: z.optional(runErrorSchema) });
    expect(outcome.parse({})).toEqual({});
    expect(outcome.parse({ error: { message: "boom", line: 3 } })).toEqual({
      error: { message: "boom", line: 3 },
    });
    expect(outcome.safeParse({ error: { message: "boom", line: 1.5 } }).success).toBe(false);
  });
});
