/** Starter files for each language in the runner playground, so a course engineer can press Run. */
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
