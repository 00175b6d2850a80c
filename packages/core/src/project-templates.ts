/**
 * The starter files of each freeform project template (issue 17), in one place: the server copies
 * them into a new project and the web app shows the template picker from them. Each template names
 * its runtime (the lesson code language whose in-browser runner runs it) and its entry file.
 */
import type { ProjectTemplateId } from "./project-files.ts";

export interface ProjectTemplateFile {
  path: string;
  content: string;
}

export interface ProjectTemplate {
  id: ProjectTemplateId;
  label: string;
  description: string;
  /** The code language whose runner runs the project (packages/runners). */
  runtime: "python" | "javascript" | "html" | "sql" | "tsx";
  entry: string;
  files: readonly ProjectTemplateFile[];
}

const python: ProjectTemplate = {
  id: "python",
  label: "Python",
  description: "A Python program with a helper module.",
  runtime: "python",
  entry: "main.py",
  files: [
    {
      path: "main.py",
      content: `from shopping import total_price

basket = {"apples": 3, "bread": 1, "milk": 2}
prices = {"apples": 0.5, "bread": 2.25, "milk": 1.1}

print("Your basket:")
for item, count in basket.items():
    print(f"- {count} x {item}")
print(f"Total: {total_price(basket, prices):.2f}")
`,
    },
    {
      path: "shopping.py",
      content: `def total_price(basket, prices):
    """The price of everything in the basket."""
    return sum(count * prices[item] for item, count in basket.items())
`,
    },
  ],
};

const javascript: ProjectTemplate = {
  id: "javascript",
  label: "JavaScript",
  description: "A JavaScript program split into modules.",
  runtime: "javascript",
  entry: "main.js",
  files: [
    {
      path: "main.js",
      content: `import { greet, shout } from "./greetings.js";

const names = ["Ada", "Grace", "Linus"];
for (const name of names) {
  console.log(greet(name));
}
console.log(shout("projects are fun"));
`,
    },
    {
      path: "greetings.js",
      content: `export function greet(name) {
  return \`Hello, \${name}!\`;
}

export function shout(text) {
  return text.toUpperCase() + "!";
}
`,
    },
  ],
};

const web: ProjectTemplate = {
  id: "web",
  label: "Web page",
  description: "An HTML page with its CSS and JavaScript.",
  runtime: "html",
  entry: "index.html",
  files: [
    {
      path: "index.html",
      content: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>My page</title>
    <link rel="stylesheet" href="style.css">
  </head>
  <body>
    <h1>Hello, web!</h1>
    <p>You clicked <span id="count">0</span> times.</p>
    <button id="clicker" type="button">Click me</button>
    <script src="script.js"></script>
  </body>
</html>
`,
    },
    {
      path: "style.css",
      content: `body {
  font-family: system-ui, sans-serif;
  margin: 2rem;
  color: #1f2937;
}

h1 {
  color: #4f46e5;
}

button {
  padding: 0.5rem 1rem;
  border-radius: 0.5rem;
}
`,
    },
    {
      path: "script.js",
      content: `const button = document.getElementById("clicker");
const count = document.getElementById("count");
let clicks = 0;

button.addEventListener("click", () => {
  clicks += 1;
  count.textContent = String(clicks);
});
console.log("The page is ready.");
`,
    },
  ],
};

const sql: ProjectTemplate = {
  id: "sql",
  label: "SQL",
  description: "A small library database to query.",
  runtime: "sql",
  entry: "query.sql",
  files: [
    {
      path: "library.sql",
      content: `-- The sample database: every run starts from it.
CREATE TABLE authors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT
);

CREATE TABLE books (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  author_id INTEGER REFERENCES authors(id),
  year INTEGER,
  copies INTEGER NOT NULL DEFAULT 1
);

INSERT INTO authors (id, name, country) VALUES
  (1, 'Ursula K. Le Guin', 'USA'),
  (2, 'Chinua Achebe', 'Nigeria'),
  (3, 'Haruki Murakami', 'Japan');

INSERT INTO books (title, author_id, year, copies) VALUES
  ('A Wizard of Earthsea', 1, 1968, 3),
  ('The Dispossessed', 1, 1974, 1),
  ('Things Fall Apart', 2, 1958, 4),
  ('Kafka on the Shore', 3, 2002, 2),
  ('Norwegian Wood', 3, 1987, 2);
`,
    },
    {
      path: "query.sql",
      content: `-- Your query runs against library.sql's tables.
SELECT authors.name, COUNT(books.id) AS books, SUM(books.copies) AS copies
FROM authors
JOIN books ON books.author_id = authors.id
GROUP BY authors.name
ORDER BY copies DESC;
`,
    },
  ],
};

const reactTs: ProjectTemplate = {
  id: "react-ts",
  label: "React + TypeScript",
  description: "A React app written in TypeScript.",
  runtime: "tsx",
  entry: "App.tsx",
  files: [
    {
      path: "App.tsx",
      content: `import { useState } from "react";
import { Greeting } from "./Greeting";

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <Greeting name="React" />
      <button type="button" onClick={() => setCount(count + 1)}>
        Clicked {count} times
      </button>
    </main>
  );
}
`,
    },
    {
      path: "Greeting.tsx",
      content: `interface GreetingProps {
  name: string;
}

export function Greeting({ name }: GreetingProps) {
  return <h1>Hello, {name}!</h1>;
}
`,
    },
    {
      path: "styles.css",
      content: `main {
  font-family: system-ui, sans-serif;
  margin: 2rem;
}

h1 {
  color: #0f766e;
}
`,
    },
  ],
};

export const PROJECT_TEMPLATES: Readonly<Record<ProjectTemplateId, ProjectTemplate>> = {
  python,
  javascript,
  web,
  sql,
  "react-ts": reactTs,
};
