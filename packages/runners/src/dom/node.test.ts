import { type RunRequest, runResultSchema } from "@lumen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodePageRunner } from "./node.ts";

const runner = createNodePageRunner();
beforeAll(() => runner.preload(), 60_000);
afterAll(() => runner.dispose());

async function run(
  language: RunRequest["language"],
  files: Record<string, string>,
  checks?: string,
) {
  const request: RunRequest = {
    language,
    files: Object.entries(files).map(([name, content]) => ({ name, content })),
    checks,
    timeoutMs: 2000,
  };
  return runResultSchema.parse(await runner.run(request));
}

const PAGE = `<!doctype html>
<html>
<head><link rel="stylesheet" href="style.css"></head>
<body>
<h1>My Cat Blog</h1>
<button id="like">Like</button>
<script src="script.js"></script>
</body>
</html>`;
const SCRIPT =
  'document.querySelector("#like").addEventListener("click", (event) => {\n  event.target.textContent = "Liked";\n});';
const CHECKS = `
test("The page has a main heading", () => {
  assert($("h1"), "Add an <h1> element.");
  assertEqual(text("h1"), "My Cat Blog", "The h1 should say My Cat Blog.");
});
test("The heading is red", () => {
  assertEqual(style("h1", "color"), "rgb(255, 0, 0)", "Make the h1 red in style.css.");
});
test("Like changes its text", async () => {
  await click("#like");
  assertEqual(text("#like"), "Liked", "Clicking Like should change its text to Liked.");
});`;

describe("Node page runner (happy-dom)", () => {
  it("passes DOM checks on a right answer, with linked files resolved", async () => {
    const result = await run(
      "html",
      { "index.html": PAGE, "style.css": "h1 {\n  color: red;\n}\n", "script.js": SCRIPT },
      CHECKS,
    );
    expect(result.tests.map((t) => t.status)).toEqual(["passed", "passed", "passed"]);
    expect(result.status).toBe("passed");
    expect(result.output?.kind).toBe("html");
    expect(result.output?.kind === "html" && result.output.html).toContain("color: red");
  });

  it("finds an input's datalist by its id as browsers do, and a value such as #diets finds none", async () => {
    const page = (list: string) =>
      `<label for="diet">Diet</label>\n<input id="diet" list="${list}">\n<datalist id="diets"><option value="Vegan"></datalist>`;
    const checks =
      'test("linked", () => { assertEqual(String($("input").list?.id), "diets", "Give the input list=\\"diets\\"."); });';
    const right = await run("html", { "index.html": page("diets") }, checks);
    expect(right.status).toBe("passed");
    // happy-dom built the selector datalist##diets from it and threw while parsing the page.
    const slip = await run("html", { "index.html": page("#diets") }, checks);
    expect(slip.status).toBe("failed");
    expect(slip.tests[0]?.message).toBe('Give the input list="diets".');
  });

  it("fails with the author's message on a wrong answer", async () => {
    const result = await run(
      "html",
      { "index.html": PAGE, "style.css": "h1 { color: #00f; }", "script.js": "" },
      CHECKS,
    );
    expect(result.status).toBe("failed");
    expect(result.tests[1]).toMatchObject({
      status: "failed",
      message: "Make the h1 red in style.css.",
      expected: "'rgb(255, 0, 0)'",
      actual: "'rgb(0, 0, 255)'",
    });
    expect(result.tests[2]?.message).toBe("Clicking Like should change its text to Liked.");
  });

  it("reports a page script's error with the learner's file and line", async () => {
    const result = await run("html", {
      "index.html": PAGE,
      "style.css": "",
      "script.js": "// greet\n\nnull.greet();",
    });
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ file: "script.js", line: 3 });
  });

  it("stops a page script that never ends", async () => {
    const result = await run("html", { "index.html": "<p>Hi</p><script>while (true) {}</script>" });
    expect(result.status).toBe("timeout");
  }, 20_000);

  it("turns alert() into a console line instead of blocking", async () => {
    const result = await run("html", {
      "index.html": '<script>alert("Hello!"); console.log("after");</script>',
    });
    expect(result.console).toEqual([
      { stream: "info", text: "alert: Hello!" },
      { stream: "stdout", text: "after" },
    ]);
  });

  it("does not let a page reach the network", async () => {
    const result = await run("html", {
      "index.html":
        '<script>fetch("https://example.com/").then(() => console.log("reached"), (e) => console.log("blocked:", e.message));</script>',
    });
    expect(result.console[0]?.text).toMatch(/^blocked: .*cannot reach the network/);
  });

  it("refuses top.location = ... with the browser's SecurityError on the learner's line", async () => {
    const result = await run("html", {
      "index.html":
        '<h1>Leaving?</h1>\n<script>\n  top.location = "https://example.com/";\n  console.log("not reached");\n</script>',
    });
    expect(result.status).toBe("error");
    expect(result.error?.message).toMatch(/^SecurityError: .*permission to navigate/);
    expect(result.error).toMatchObject({ file: "index.html", line: 3 });
    expect(result.console.map((c) => c.text)).not.toContain("not reached");
  });

  it("has no cookie to read", async () => {
    const result = await run("html", {
      "index.html": "<script>console.log(JSON.stringify(document.cookie));</script>",
    });
    expect(result.console[0]?.text).toBe('""');
  });

  it("keeps non-ASCII text", async () => {
    const result = await run(
      "html",
      { "index.html": "<h1>Café ☕ 日本</h1>" },
      'test("t", () => assertEqual(text("h1"), "Café ☕ 日本", "Keep the text."));',
    );
    expect(result.status).toBe("passed");
  });

  it("renders a React component and re-renders after click", async () => {
    const app =
      'import { useState } from "react";\nexport default function App() {\n  const [count, setCount] = useState(0);\n  return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>;\n}\n';
    const result = await run(
      "jsx",
      { "App.jsx": app },
      'test("counts", async () => {\n  assertEqual(text("button"), "Clicked 0", "Start at 0.");\n  await click("button");\n  assertEqual(text("button"), "Clicked 1", "Add one on each click.");\n});',
    );
    expect(result.tests).toEqual([{ name: "counts", status: "passed" }]);
  });

  it("renders TSX and reports a render error on the learner's line", async () => {
    const result = await run("tsx", {
      "App.tsx":
        "type User = { name: string };\nexport function App() {\n  const user: User | null = null;\n  return <p>{user!.name}</p>;\n}\n",
    });
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ file: "App.tsx", line: 4 });
  });

  it("reports a promise rejected with nothing to catch it, as the browser does, and goes on", async () => {
    const app =
      'import { useEffect, useState } from "react";\nexport default function App() {\n  const [text, setText] = useState("Loading");\n  useEffect(() => {\n    Promise.reject(new Error("Network down")).then(() => setText("Done"));\n  }, []);\n  return <p>{text}</p>;\n}\n';
    const result = await run(
      "jsx",
      { "App.jsx": app },
      'test("loads", async () => {\n  await new Promise((r) => setTimeout(r, 0));\n  assertEqual(text("p"), "Done", "Show Done once it has loaded.");\n});',
    );
    // The thread used to end on Node's unhandled rejection: "The page sandbox stopped unexpectedly".
    expect(result.status).toBe("error");
    expect(result.error?.message).toBe("Error: Network down");
    expect(result.error).toMatchObject({ file: "App.jsx", line: 5 });
    expect(result.console[0]?.text).toMatch(/^Uncaught \(in promise\) Error: Network down\n/);
    const next = await run(
      "html",
      { "index.html": "<h1>Still here</h1>" },
      'test("h1", () => assertEqual(text("h1"), "Still here", "x"));',
    );
    expect(next.status).toBe("passed");
  });

  it("reports a JSX syntax error with file and line", async () => {
    const result = await run("jsx", {
      "App.jsx": "export default function App() {\n  return <p>{</p>;\n}\n",
    });
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ file: "App.jsx", line: 2 });
  });
});
