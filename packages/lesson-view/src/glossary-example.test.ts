import { describe, expect, it } from "vitest";
import {
  cssDemoPage,
  elementFor,
  exampleRequest,
  isPageExample,
  sqlExample,
} from "./glossary-example.ts";

describe("a glossary example as a run", () => {
  it("gives CSS rules an element for each selector they name", () => {
    const page = cssDemoPage(
      ".note {\n  color: crimson;\n}\nh1 { color: navy; }\n#intro { font-size: 20px; }",
    );
    expect(page).toContain('<div class="note">Styled by .note</div>');
    expect(page).toContain("<h1>Styled by h1</h1>");
    expect(page).toContain('<div id="intro">Styled by #intro</div>');
    expect(page).toContain("color: crimson;");
  });

  it("finds rules inside a media query and keeps descendants inside their ancestor", () => {
    const page = cssDemoPage("@media (max-width: 600px) {\n  .menu a { display: block; }\n}");
    expect(page).toContain('<div class="menu"><a href="#">Styled by .menu a</a></div>');
    expect(elementFor("li:hover")).toBe("<ul><li>Styled by li:hover</li></ul>");
  });

  it("applies a bare declaration to a demo box and runs markup as a page", () => {
    expect(cssDemoPage("color: tomato;\n")).toContain(".demo-box { color: tomato; }");
    expect(cssDemoPage('<link rel="stylesheet" href="style.css">')).toContain("<link rel=");
    expect(exampleRequest("css", "p { color: red; }").language).toBe("html");
  });

  it("seeds the tables an SQL example reads, not those it creates, and shows a changed table", () => {
    const read = sqlExample("SELECT name FROM planets WHERE diameter_km > 50000;");
    expect(read.seed).toContain("CREATE TABLE planets");
    expect(read.seed).not.toContain("CREATE TABLE pets");
    const created = sqlExample("CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT);");
    expect(created.seed).not.toContain("CREATE TABLE pets");
    expect(created.sql).toMatch(/SELECT \* FROM pets;$/);
    const updated = sqlExample("UPDATE pets SET age = 10 WHERE name = 'Mochi';");
    expect(updated.seed).toContain("CREATE TABLE pets");
    expect(updated.sql).toMatch(/SELECT \* FROM pets;$/);
  });

  it("runs JavaScript and Python as they are", () => {
    expect(exampleRequest("python", "print(1)")).toEqual({
      language: "python",
      files: [{ name: "main.py", content: "print(1)" }],
    });
    expect(exampleRequest("javascript", "console.log(1)").files[0]?.name).toBe("main.js");
  });

  it("runs a TypeScript example as a script, and one that exports a component as a TSX page", () => {
    expect(
      exampleRequest("typescript", 'let planet: string = "Mars";\nconsole.log(planet);'),
    ).toEqual({
      language: "typescript",
      files: [{ name: "index.ts", content: 'let planet: string = "Mars";\nconsole.log(planet);' }],
    });
    const component =
      'import { useState } from "react";\n\nexport default function App() {\n  return <p>Hi</p>;\n}\n';
    expect(exampleRequest("typescript", component)).toEqual({
      language: "tsx",
      files: [{ name: "App.tsx", content: component }],
    });
    // A generic's angle brackets or a word "default" elsewhere do not make a page.
    expect(
      exampleRequest(
        "typescript",
        'function firstOf<T>(items: T[]): T {\n  return items[0];\n}\nconst mode = "default";\n',
      ).language,
    ).toBe("typescript");
  });

  it("says which examples draw a page", () => {
    expect(isPageExample("html", "<p>Hi</p>")).toBe(true);
    expect(isPageExample("css", "p { color: red; }")).toBe(true);
    expect(
      isPageExample("typescript", "export default function App() {\n  return <p>Hi</p>;\n}"),
    ).toBe(true);
    expect(isPageExample("typescript", "console.log(1);")).toBe(false);
    expect(isPageExample("javascript", "console.log(1);")).toBe(false);
    expect(isPageExample("sql", "SELECT 1;")).toBe(false);
  });
});
