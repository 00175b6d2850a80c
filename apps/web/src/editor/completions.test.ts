// @vitest-environment happy-dom
// (lang-css reads the property names from the DOM's style object)
import {
  type Completion,
  CompletionContext,
  type CompletionResult,
  type CompletionSource,
} from "@codemirror/autocomplete";
import { ensureSyntaxTree } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { completionSources, lessonCompletions, namesInFile } from "./completions.ts";
import { type EditorLanguage, loadLanguage } from "./languages.ts";

/** A file with `|` where the cursor is, parsed in full, with the editor's completion sources. */
async function stateAt(language: EditorLanguage, text: string) {
  const pos = text.indexOf("|");
  const { support } = await loadLanguage(language);
  const state = EditorState.create({
    doc: text.slice(0, pos) + text.slice(pos + 1),
    extensions: [support, lessonCompletions(language)],
  });
  ensureSyntaxTree(state, state.doc.length, 5_000);
  return { state, pos };
}

async function resultsOf(
  sources: CompletionSource[],
  language: EditorLanguage,
  text: string,
  explicit = false,
) {
  const { state, pos } = await stateAt(language, text);
  const results: CompletionResult[] = [];
  for (const source of sources) {
    const result = await source(new CompletionContext(state, pos, explicit));
    if (result) results.push(result);
  }
  return { state, pos, results };
}

/** What the learner sees: every source at the cursor (the language pack's too), by prefix. */
async function offered(language: EditorLanguage, text: string): Promise<Completion[]> {
  const { state, pos } = await stateAt(language, text);
  const sources = state
    .languageDataAt<CompletionSource | readonly (string | Completion)[]>("autocomplete", pos)
    .filter((s): s is CompletionSource => typeof s === "function");
  const { results } = await resultsOf(sources, language, text);
  return results.flatMap((result) => {
    const typed = state.sliceDoc(result.from, pos).toLowerCase();
    return result.options.filter((o) => o.label.toLowerCase().startsWith(typed));
  });
}

/** This module's sources alone. */
async function ours(language: EditorLanguage, text: string, explicit = false) {
  const { results } = await resultsOf(completionSources(language), language, text, explicit);
  return results.flatMap((r) => r.options);
}

const labels = (options: Completion[]) => options.map((o) => o.label);

describe("Python", () => {
  it("offers print from the language's built-ins as the learner types pri", async () => {
    expect(labels(await offered("python", "pri|"))).toContain("print");
  });

  it("offers a name defined earlier in the file", async () => {
    const options = await offered("python", 'greeting = "Hello"\nprint(gre|)');
    expect(labels(options)).toContain("greeting");
  });

  it("offers names only used so far, untyped so the pack's typed entry wins a tie", async () => {
    const options = await ours("python", "total = price * count\nprint(pri|)");
    expect(options).toContainEqual({ label: "price" });
    expect(labels(options)).toContain("count");
  });

  it("does not offer the word being typed as if it were a name", async () => {
    expect(labels(await ours("python", "zebra|"))).not.toContain("zebra");
    expect(labels(await ours("python", "zebra = 1\nzeb|"))).toContain("zebra");
  });

  it("offers the keywords the language pack leaves out", async () => {
    const options = await offered("python", "def f(x):\n    ret|");
    expect(options).toContainEqual(expect.objectContaining({ label: "return", type: "keyword" }));
    expect(labels(await offered("python", "x = 1\nel|"))).toContain("elif");
  });

  it("offers methods after a dot, and those the file already calls", async () => {
    const options = labels(await ours("python", "names = []\nnames.shout()\nnames.|"));
    expect(options).toEqual(expect.arrayContaining(["append", "shout", "upper"]));
    expect(labels(await ours("python", "names.app|"))).toContain("append");
  });

  it("stays quiet inside strings and comments", async () => {
    expect(await ours("python", 'greeting = 1\nprint("gre|")')).toEqual([]);
    expect(await ours("python", "greeting = 1\n# gre|")).toEqual([]);
  });

  it("offers everything on Ctrl+Space with nothing typed", async () => {
    const options = labels(await ours("python", "planet = 'Mars'\nprint(|)", true));
    expect(options).toEqual(expect.arrayContaining(["planet", "return"]));
  });
});

describe("JavaScript and TypeScript", () => {
  it("offers names defined in the file and the keywords the pack leaves out", async () => {
    const js = labels(await offered("javascript", "const total = 3;\nconsole.log(tot|);"));
    expect(js).toContain("total");
    expect(labels(await offered("javascript", "aw|"))).toContain("await");
    expect(labels(await offered("javascript", "con|"))).toEqual(
      expect.arrayContaining(["console", "const"]),
    );
  });

  it("offers console.log and array methods after a dot", async () => {
    expect(labels(await offered("javascript", "console.lo|"))).toContain("log");
    expect(labels(await offered("javascript", "[1, 2].ma|"))).toContain("map");
  });

  it("stays quiet in strings, templates and comments", async () => {
    expect(await ours("javascript", 'const total = 1;\nconst s = "to|";')).toEqual([]);
    expect(await ours("javascript", "const total = 1;\n// to|")).toEqual([]);
  });

  it("offers TypeScript's types and the file's own interfaces", async () => {
    expect(labels(await offered("typescript", "let planet: str|"))).toContain("string");
    const options = labels(await offered("typescript", "interface Planet {}\nlet p: Pla|"));
    expect(options).toContain("Planet");
    expect(labels(await offered("javascript", "let planet: str|"))).not.toContain("string");
  });

  it("offers a TSX file's components and hooks by name", async () => {
    const text =
      'import { useState } from "react";\nfunction Card() { return <p />; }\nconst [n, setN] = use|';
    expect(labels(await offered("tsx", text))).toContain("useState");
  });
});

describe("SQL", () => {
  it("offers keywords in capitals, SQLite's functions and the file's tables and columns", async () => {
    expect(labels(await offered("sql", "SEL|"))).toContain("SELECT");
    expect(labels(await offered("sql", "SELECT COU|"))).toContain("COUNT");
    const text = "SELECT name, age FROM people;\nSELECT na| FROM peo";
    expect(labels(await offered("sql", text))).toContain("name");
    expect(labels(await offered("sql", "SELECT name FROM people;\nSELECT * FROM pe|"))).toContain(
      "people",
    );
    expect(
      labels(await offered("sql", "SELECT people.age FROM people;\nSELECT people.a|")),
    ).toContain("age");
  });
});

describe("CSS and HTML", () => {
  it("offers a stylesheet's own classes and ids after . and #", async () => {
    expect(labels(await ours("css", ".card { color: red; }\n.ca|"))).toEqual(["card"]);
    expect(labels(await ours("css", "#top { color: red; }\n#t|"))).toEqual(["top"]);
    expect(await ours("css", ".card { margin: 0.|")).toEqual([]);
  });

  it("offers CSS properties from the language pack", async () => {
    expect(labels(await offered("css", ".card { backgr| }"))).toContain("background-color");
  });

  it("offers a page's classes inside class attributes, its stylesheet's too", async () => {
    const page =
      '<style>.hero { color: red; }</style>\n<div class="card big"></div>\n<p class="|">';
    expect(labels(await ours("html", page, true))).toEqual(
      expect.arrayContaining(["hero", "card", "big"]),
    );
    expect(labels(await ours("html", '<p id="intro"></p><a id="i|'))).toEqual(["intro"]);
    expect(await ours("html", "<p>Hello. The|</p>")).toEqual([]);
  });

  it("offers tags from the language pack", async () => {
    expect(labels(await offered("html", "<bu|"))).toContain("button");
  });
});

describe("namesInFile", () => {
  it("lists each name once, in order, without the one at the cursor", async () => {
    const { state, pos } = await stateAt("python", "a = 1\nb = a\nc = bb|");
    expect(namesInFile(state, new Set(["VariableName"]), pos)).toEqual(["a", "b", "c"]);
  });
});
