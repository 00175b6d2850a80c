import { runResultSchema } from "@lumen/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { createNodeRunners } from "../node.ts";

const runners = createNodeRunners();
afterAll(() => runners.dispose());

const CHECKS = `test("Logs the planet", () => { assert(logs.length === 1, "Log planet."); });`;

describe("the server's runners type-check TypeScript and TSX before they run", () => {
  it("runs the code anyway and reports the compiler's error on the learner's line", async () => {
    const result = runResultSchema.parse(
      await runners.run({
        language: "typescript",
        files: [{ name: "index.ts", content: "let planet: string = 42;\nconsole.log(planet);\n" }],
      }),
    );
    expect(result.status).toBe("passed");
    expect(result.console).toEqual([{ stream: "stdout", text: "42" }]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ file: "index.ts", line: 1, column: 5, code: 2322 }),
    ]);
  }, 60_000);

  it("refuses code with type errors when the lesson requires none, naming the error and its line", async () => {
    const request = {
      language: "typescript" as const,
      files: [{ name: "index.ts", content: "let planet: string = 42;\nconsole.log(planet);\n" }],
      checks: CHECKS,
      requires: ["no-type-errors" as const],
    };
    const failed = await runners.run(request);
    expect(failed.status).toBe("failed");
    expect(failed.tests.map((t) => [t.name, t.status])).toEqual([
      ["No type errors", "failed"],
      ["Logs the planet", "passed"],
    ]);
    expect(failed.tests[0]?.message).toContain(
      "line 1 of index.ts: Type 'number' is not assignable",
    );

    const fixed = await runners.run({
      ...request,
      files: [
        { name: "index.ts", content: 'let planet: string = "Mars";\nconsole.log(planet);\n' },
      ],
    });
    expect(fixed.status).toBe("passed");
    expect(fixed.diagnostics).toEqual([]);
  }, 60_000);

  it("checks TSX with React's types", async () => {
    const result = await runners.run({
      language: "tsx",
      files: [
        {
          name: "App.tsx",
          content:
            "export default function App() {\n  const title: number = 'Hi';\n  return <h1>{title}</h1>;\n}\n",
        },
      ],
      requires: ["no-type-errors"],
    });
    expect(result.status).toBe("failed");
    expect(result.diagnostics?.map((d) => [d.file, d.line])).toEqual([["App.tsx", 2]]);
  }, 60_000);

  it("leaves JavaScript unchecked", async () => {
    const result = await runners.run({
      language: "javascript",
      files: [{ name: "index.js", content: "let planet = 42;\nconsole.log(planet);\n" }],
    });
    expect(result.diagnostics).toBeUndefined();
  }, 60_000);
});

describe("the server's page runner checks valid HTML when the lesson requires it", () => {
  it("fails an unclosed <h1> with its line, and passes it closed", async () => {
    const request = {
      language: "html" as const,
      files: [
        { name: "index.html", content: "<!-- Add your heading below -->\n<h1>Hello, web!\n" },
      ],
      checks: `test("The page has an h1 heading", () => { assert($("h1"), "Add an <h1>."); });`,
      requires: ["valid-html" as const],
    };
    const failed = await runners.run(request);
    expect(failed.status).toBe("failed");
    expect(failed.tests[0]).toEqual({
      name: "Valid HTML",
      status: "failed",
      message: "Line 2 of index.html: the <h1> is never closed. Add </h1> where it should end.",
    });
    expect(failed.tests[1]?.status).toBe("passed");
    const { requires: _, ...plain } = request;
    expect((await runners.run(plain)).status).toBe("passed");
    const fixed = await runners.run({
      ...request,
      files: [{ name: "index.html", content: "<h1>Hello, web!</h1>\n" }],
    });
    expect(fixed.status).toBe("passed");
  }, 60_000);
});
