import { describe, expect, it } from "vitest";
import { EDITOR_LANGUAGES, editorLanguageOf, languageOfFile, loadLanguage } from "./languages.ts";

describe("languageOfFile", () => {
  it("maps lesson files by extension", () => {
    expect(languageOfFile("main.py")).toBe("python");
    expect(languageOfFile("index.js")).toBe("javascript");
    expect(languageOfFile("App.tsx")).toBe("tsx");
    expect(languageOfFile("style.css")).toBe("css");
    expect(languageOfFile("query.sql")).toBe("sql");
    expect(languageOfFile("Makefile")).toBeUndefined();
  });

  it("understands fence names and aliases", () => {
    expect(editorLanguageOf("sh")).toBe("bash");
    expect(editorLanguageOf("c++")).toBe("cpp");
    expect(editorLanguageOf("Kotlin")).toBe("kotlin");
    expect(editorLanguageOf("brainfuck")).toBeUndefined();
  });
});

describe("loadLanguage", () => {
  it.each(EDITOR_LANGUAGES)("loads a grammar for %s that parses code", async (language) => {
    const { language: parser, support } = await loadLanguage(language);
    expect(support.language).toBe(parser);
    const tree = parser.parser.parse("x = 1");
    expect(tree.length).toBe(5);
  });
});
