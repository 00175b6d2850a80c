/**
 * A glossary example as a run of the runners (issue 17): the web app's Run button sends it to the
 * in-browser runners, and content:check to the server's, so that a published example is the one
 * that was checked. JavaScript and Python run as they are. HTML runs as a page. CSS needs
 * something to style: its rules run on a small demo page with an element for each selector they
 * name (a bare declaration styles a demo box), and an example that is itself markup runs as a
 * page. SQL runs against a tiny database of the tables the glossary's examples use (pets, owners,
 * planets, products), minus any table the example creates; a statement that changes a table
 * shows the table afterwards. TypeScript (the TypeScript and React glossary, issue 20) is checked
 * by the compiler and runs as TSX on a page when it exports a component as its default
 * (`export default function App`), else as a script.
 */
import type { RunRequest } from "@lumen/contracts";

const DEMO_STYLE =
  "body{font-family:system-ui,sans-serif;margin:12px;color:#0f172a;background:#fff}.demo-note{color:#64748b;font-size:12px;margin:12px 0 0}";

/** The parts of a stylesheet before each `{`: its selectors (at-rules and nesting aside). */
function selectorsOf(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const selectors: string[] = [];
  for (const match of withoutComments.matchAll(/(^|[{}])\s*([^{}@;]+?)\s*\{/g)) {
    for (const part of (match[2] ?? "").split(",")) {
      const selector = part.trim();
      if (selector && !selector.startsWith(":root") && selector !== "*") selectors.push(selector);
    }
  }
  return selectors;
}

const TAGS = new Set(["h1", "h2", "h3", "p", "a", "button", "li", "span", "div", "section", "img"]);

/** One element a selector matches: its last compound's tag, classes and id. */
export function elementFor(selector: string): string {
  const last =
    selector
      .split(/[\s>+~]+/)
      .filter(Boolean)
      .pop() ?? "";
  const compound = last.replace(/::?[\w-]+(\([^)]*\))?/g, "");
  const tag = /^[a-z][a-z0-9]*/i.exec(compound)?.[0]?.toLowerCase();
  const classes = [...compound.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
  const id = /#([\w-]+)/.exec(compound)?.[1];
  const name = tag && TAGS.has(tag) ? tag : "div";
  const attrs = [
    classes.length ? ` class="${classes.join(" ")}"` : "",
    id ? ` id="${id}"` : "",
    name === "a" ? ' href="#"' : "",
  ].join("");
  const text = name === "img" ? "" : `Styled by ${selector.replace(/[<>&]/g, "")}`;
  const element =
    name === "img"
      ? `<img${attrs} alt="A demo picture" src="/favicon.svg" width="48" height="48">`
      : `<${name}${attrs}>${text}</${name}>`;
  if (name === "li") return `<ul>${element}</ul>`;
  // A descendant selector needs its ancestor around it.
  const parts = selector.split(/\s+/).filter((p) => p && !/^[>+~]$/.test(p));
  return parts.length > 1 ? wrap(parts.slice(0, -1), element) : element;
}

function wrap(ancestors: string[], inner: string): string {
  return ancestors.reduceRight((html, ancestor) => {
    const tag = /^[a-z][a-z0-9]*/i.exec(ancestor)?.[0]?.toLowerCase();
    const classes = [...ancestor.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
    const name = tag && TAGS.has(tag) && tag !== "img" ? tag : "div";
    return `<${name}${classes.length ? ` class="${classes.join(" ")}"` : ""}>${html}</${name}>`;
  }, inner);
}

export function cssDemoPage(example: string): string {
  const trimmed = example.trim();
  if (trimmed.startsWith("<")) {
    return `<!doctype html><html><head><style>${DEMO_STYLE}</style></head><body>${trimmed}<p class="demo-note">This markup links a stylesheet; the page shows it as it is.</p></body></html>`;
  }
  const isRules = trimmed.includes("{");
  const css = isRules ? trimmed : `.demo-box { ${trimmed} }`;
  const elements = isRules
    ? [...new Set(selectorsOf(css).map(elementFor))]
    : ['<div class="demo-box">A demo box</div>'];
  const body = elements.length
    ? elements.join("\n")
    : '<p>A paragraph</p><div class="demo-box">A demo box</div>';
  return `<!doctype html><html><head><style>${DEMO_STYLE}</style><style>\n${css}\n</style></head><body>\n${body}\n</body></html>`;
}

/** The demo database, one table at a time. */
export const DEMO_TABLES: Record<string, string> = {
  owners: `CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO owners (id, name) VALUES (1, 'Ada'), (2, 'Grace'), (3, 'Linus');`,
  pets: `CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT, species TEXT, age INTEGER, owner_id INTEGER);
INSERT INTO pets (name, species, age, owner_id) VALUES ('Mochi', 'cat', 9, 1), ('Rex', 'dog', 4, 2), ('Luna', 'cat', 2, 1), ('Pip', 'parrot', 6, NULL), ('Bruno', 'dog', 11, 3);`,
  planets: `CREATE TABLE planets (id INTEGER PRIMARY KEY, name TEXT, diameter_km INTEGER, moons INTEGER);
INSERT INTO planets (name, diameter_km, moons) VALUES ('Mercury', 4879, 0), ('Earth', 12742, 1), ('Jupiter', 139820, 95), ('Saturn', 116460, 146), ('Neptune', 49244, 16);`,
  products: `CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL, stock INTEGER);
INSERT INTO products (name, category, price, stock) VALUES ('Pencil', 'stationery', 1.5, 120), ('Notebook', 'stationery', 4, 0), ('Mug', 'kitchen', 8, 15), ('Lamp', 'home', 25, 3);`,
};

const mentions = (sql: string, table: string) => new RegExp(`\\b${table}\\b`, "i").test(sql);
const creates = (sql: string, table: string) =>
  new RegExp(`create\\s+table\\s+(if\\s+not\\s+exists\\s+)?${table}\\b`, "i").test(sql);

export function sqlExample(example: string): { sql: string; seed: string } {
  const needed = Object.keys(DEMO_TABLES).filter(
    (table) => mentions(example, table) && !creates(example, table),
  );
  // A join names owners through pets: keep the pair together.
  if (needed.includes("pets") && !needed.includes("owners") && !creates(example, "owners")) {
    needed.unshift("owners");
  }
  const seed = needed.map((table) => DEMO_TABLES[table]).join("\n");
  let sql = example.trimEnd();
  if (!/\bselect\b/i.test(sql)) {
    const changed = [
      ...sql.matchAll(
        /\b(?:insert\s+into|update|delete\s+from|create\s+table|alter\s+table)\s+([a-z_]\w*)/gi,
      ),
    ].map((m) => (m[1] ?? "").toLowerCase());
    for (const table of new Set(changed)) sql += `\nSELECT * FROM ${table};`;
  }
  return { sql, seed };
}

/** A TypeScript example that exports a component as its default is a React page (App.tsx). */
export const isComponentExample = (example: string) => /^\s*export\s+default\b/m.test(example);

export function exampleRequest(language: string, example: string): RunRequest {
  switch (language) {
    case "typescript":
      return isComponentExample(example)
        ? { language: "tsx", files: [{ name: "App.tsx", content: example }] }
        : { language: "typescript", files: [{ name: "index.ts", content: example }] };
    case "javascript":
      return { language: "javascript", files: [{ name: "main.js", content: example }] };
    case "python":
      return { language: "python", files: [{ name: "main.py", content: example }] };
    case "sql": {
      const { sql, seed } = sqlExample(example);
      return { language: "sql", files: [{ name: "query.sql", content: sql }], seed };
    }
    case "css":
      return { language: "html", files: [{ name: "index.html", content: cssDemoPage(example) }] };
    default:
      return { language: "html", files: [{ name: "index.html", content: example }] };
  }
}

/** Runners that draw a page: the example's output is a preview frame, not only text. */
const PAGE_RUNS: ReadonlySet<RunRequest["language"]> = new Set(["html", "css", "jsx", "tsx"]);

/** Whether an example's run draws a page, so that its screen keeps a frame ready for it. */
export const isPageExample = (language: string, example: string) =>
  PAGE_RUNS.has(exampleRequest(language, example).language);
