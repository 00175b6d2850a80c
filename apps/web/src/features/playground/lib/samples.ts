/**
 * Starter files for each language in the runner playground, so a course engineer can press Run,
 * and the bad inputs of issue 4 as ready-made examples, to see how each runtime ends them.
 */
import type { CodeLanguage, RunFile } from "@lumen/contracts";

export interface Sample {
  files: RunFile[];
  checks: string;
  stdin: string;
  seed?: string;
}

export const SAMPLES: Record<CodeLanguage, Sample> = {
  javascript: {
    files: [
      {
        name: "index.js",
        content:
          'function sum(a, b) {\n  return a + b;\n}\n\nconsole.log(sum(2, 3), { ok: true }, new Map([["a", 1]]));\n',
      },
    ],
    checks:
      'test("sum adds two numbers", () => {\n  const sum = get("sum");\n  assert(typeof sum === "function", "Declare a function named sum.");\n  assertEqual(sum(2, 3), 5, "sum(2, 3) should return 5.");\n});\n',
    stdin: "",
  },
  typescript: {
    files: [
      {
        name: "index.ts",
        content:
          'interface Planet {\n  name: string;\n  moons: number;\n}\n\nconst earth: Planet = { name: "Earth", moons: 1 };\nconsole.log(earth);\n',
      },
    ],
    checks:
      'test("prints the planet", () => {\n  assert(output.includes("Earth"), "Print the planet.");\n});\n',
    stdin: "",
  },
  python: {
    files: [
      { name: "main.py", content: 'name = input("Your name? ")\nprint(f"Hello, {name}!")\n' },
    ],
    checks:
      '@test("Greets the learner")\ndef _():\n    assert "Hello" in stdout, "Print a greeting."\n',
    stdin: "Ada",
  },
  sql: {
    files: [{ name: "query.sql", content: "SELECT name FROM planets ORDER BY name;\n" }],
    checks:
      '[\n  {\n    "name": "Selects every planet",\n    "kind": "result",\n    "columns": ["name"],\n    "rows": [["Earth"], ["Mars"]],\n    "message": "Select the name of every planet."\n  }\n]\n',
    stdin: "",
    seed: "CREATE TABLE planets (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO planets (name) VALUES ('Earth'), ('Mars');\n",
  },
  html: {
    files: [
      {
        name: "index.html",
        content:
          '<!doctype html>\n<html>\n<head>\n  <link rel="stylesheet" href="style.css">\n</head>\n<body>\n  <h1>My Cat Blog</h1>\n  <button id="like">Like</button>\n  <script src="script.js"></script>\n</body>\n</html>\n',
      },
      { name: "style.css", content: "h1 {\n  color: red;\n}\n" },
      {
        name: "script.js",
        content:
          'document.querySelector("#like").addEventListener("click", (event) => {\n  event.target.textContent = "Liked";\n  console.log("liked");\n});\n',
      },
    ],
    checks:
      'test("The page has a main heading", () => {\n  assert($("h1"), "Add an <h1> element.");\n  assertEqual(text("h1"), "My Cat Blog", "The h1 should say My Cat Blog.");\n});\ntest("Like changes its text", async () => {\n  await click("#like");\n  assertEqual(text("#like"), "Liked", "Clicking Like should say Liked.");\n});\n',
    stdin: "",
  },
  css: {
    files: [
      {
        name: "index.html",
        content:
          '<!doctype html>\n<html>\n<head><link rel="stylesheet" href="style.css"></head>\n<body><p class="note">Styled text</p></body>\n</html>\n',
      },
      { name: "style.css", content: ".note {\n  color: rebeccapurple;\n  font-size: 24px;\n}\n" },
    ],
    checks:
      'test("The note is purple", () => {\n  assertEqual(style(".note", "color"), "rgb(102, 51, 153)", "Make .note rebeccapurple.");\n});\n',
    stdin: "",
  },
  jsx: {
    files: [
      {
        name: "App.jsx",
        content:
          'import { useState } from "react";\n\nexport default function App() {\n  const [count, setCount] = useState(0);\n  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;\n}\n',
      },
      { name: "styles.css", content: "button {\n  font-size: 20px;\n}\n" },
    ],
    checks:
      'test("Counts clicks", async () => {\n  await click("button");\n  assertEqual(text("button"), "Clicked 1 times", "Add one on each click.");\n});\n',
    stdin: "",
  },
  tsx: {
    files: [
      {
        name: "App.tsx",
        content:
          'type Props = { name: string };\n\nfunction Greeting({ name }: Props) {\n  return <h1>Hello, {name}!</h1>;\n}\n\nexport default function App() {\n  return <Greeting name="Ada" />;\n}\n',
      },
    ],
    checks:
      'test("Greets Ada", () => {\n  assertEqual(text("h1"), "Hello, Ada!", "Render a greeting for Ada.");\n});\n',
    stdin: "",
  },
};

/** A bad input a runtime must survive; picking one replaces the entry file's code. */
export interface BadInput {
  label: string;
  code: string;
}

const JS_BAD: BadInput[] = [
  { label: "Endless loop", code: "for (;;) {}\n" },
  {
    label: "Deep recursion",
    code: "function down(n) {\n  return down(n + 1);\n}\ndown(0);\n",
  },
  {
    label: "10 MB of output",
    code: 'const line = "x".repeat(1000);\nfor (let i = 0; i < 10000; i++) console.log(line);\n',
  },
  {
    label: "Memory bomb",
    code: "const a = [];\nwhile (true) a.push(new Array(1000000).fill(1));\n",
  },
  { label: "Syntax error", code: "const a = 1;\nlet b = ;\n" },
  { label: "Non-ASCII text", code: 'console.log("Grüß dich, 世界 👋");\n' },
  {
    label: "fetch to the network",
    code: 'fetch("https://example.com/").then(() => console.log("reached"));\n',
  },
  {
    label: "Rejected promise",
    code: 'async function load() {\n  throw new Error("no data");\n}\nload();\n',
  },
];

const PAGE_BAD: BadInput[] = [
  {
    label: "top.location = ...",
    code: '<h1>Leaving?</h1>\n<script>\n  top.location = "https://example.com/";\n  console.log("still here");\n</script>\n',
  },
  {
    label: "fetch to the network",
    code: '<script>\n  fetch("https://example.com/").then(\n    () => console.log("reached"),\n    (error) => console.log("refused:", error.message),\n  );\n</script>\n',
  },
  {
    label: "alert()",
    code: '<script>\n  alert("Hello!");\n  console.log("after alert");\n</script>\n',
  },
  {
    label: "document.cookie",
    code: '<script>\n  try {\n    console.log("cookie:", JSON.stringify(document.cookie));\n  } catch (error) {\n    console.log("cookie refused:", error.name);\n  }\n</script>\n',
  },
  { label: "Endless loop", code: "<p>Hi</p>\n<script>\n  while (true) {}\n</script>\n" },
  { label: "Non-ASCII text", code: "<h1>Café ☕ 日本</h1>\n" },
];

export const BAD_INPUTS: Partial<Record<CodeLanguage, BadInput[]>> = {
  javascript: JS_BAD,
  typescript: [
    ...JS_BAD,
    { label: "Type syntax error", code: "const a: number = 1;\nfunction f(: string) {}\n" },
  ],
  html: PAGE_BAD,
  jsx: [
    {
      label: "Render error",
      code: "export default function App() {\n  const user = null;\n  return <p>{user.name}</p>;\n}\n",
    },
    { label: "Syntax error", code: "export default function App() {\n  return <p>{</p>;\n}\n" },
  ],
  python: [
    { label: "Endless loop", code: "while True:\n    pass\n" },
    { label: "Deep recursion", code: "def down(n):\n    return down(n + 1)\n\ndown(0)\n" },
    { label: "Syntax error", code: 'print("hi"\n' },
  ],
  sql: [
    { label: "Syntax error", code: "SELEC name FROM planets;\n" },
    { label: "DROP TABLE", code: "DROP TABLE planets;\n" },
  ],
};
