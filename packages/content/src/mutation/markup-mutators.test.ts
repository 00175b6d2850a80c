import { describe, expect, it } from "vitest";
import {
  cssNumberChanges,
  removeAttributeChanges,
  removeElementChanges,
  removePropertyChanges,
} from "./markup-mutators.ts";

const contents = (changes: Array<{ content: string }>) => changes.map((c) => c.content);

describe("removeElementChanges", () => {
  it("removes an element that stands whole on its line, or a void element", () => {
    const html = '<ul>\n  <li>One</li>\n  <img src="a.png" alt="A">\n</ul>';
    expect(contents(removeElementChanges(html))).toEqual([
      '<ul>\n  <img src="a.png" alt="A">\n</ul>',
      "<ul>\n  <li>One</li>\n</ul>",
    ]);
  });

  it("keeps the document's head elements", () => {
    expect(removeElementChanges('<meta charset="utf-8">\n<title>T</title>')).toEqual([]);
  });
});

describe("removeAttributeChanges", () => {
  it("removes each attribute in turn, JSX expressions included", () => {
    expect(contents(removeAttributeChanges('<img src="a.png" alt="A cat">'))).toEqual([
      '<img alt="A cat">',
      '<img src="a.png">',
    ]);
    expect(contents(removeAttributeChanges("<button onClick={() => go(1)}>Go</button>"))).toEqual([
      "<button>Go</button>",
    ]);
  });
});

describe("removePropertyChanges", () => {
  it("removes a declaration from a rule", () => {
    const css = "h1 {\n  color: red;\n  font-size: 2rem;\n}";
    expect(contents(removePropertyChanges(css))).toEqual([
      "h1 {\n  font-size: 2rem;\n}",
      "h1 {\n  color: red;\n}",
    ]);
  });

  it("removes one declaration of a one-line rule and never a selector", () => {
    expect(contents(removePropertyChanges("p { margin: 0; padding: 4px; }"))).toEqual([
      "p { padding: 4px; }",
      "p { margin: 0; }",
    ]);
    expect(removePropertyChanges("a:hover {")).toEqual([]);
  });
});

describe("cssNumberChanges", () => {
  it("puts the first number of a value one up, never a colour", () => {
    expect(contents(cssNumberChanges("  padding: 16px 8px;"))).toEqual(["  padding: 17px 8px;"]);
    expect(cssNumberChanges("  color: #333;")).toEqual([]);
  });
});
