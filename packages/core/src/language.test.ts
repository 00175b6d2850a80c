import { describe, expect, it } from "vitest";
import {
  CODE_LANGUAGES,
  codeLanguageInfo,
  DISPLAY_LANGUAGES,
  isCodeLanguage,
  isDisplayLanguage,
  languageOfFile,
  UNKNOWN_CODE_LANGUAGE,
} from "./language.ts";

describe("languageOfFile (spec section 5: Extension to language mapping)", () => {
  it.each([
    // "html gives html; css gives css; js gives javascript; jsx gives jsx; py gives python;
    //  sql gives sql; json gives json; ts gives typescript; tsx gives tsx"
    ["index.html", "html"],
    ["style.css", "css"],
    ["index.js", "javascript"],
    ["App.jsx", "jsx"],
    ["main.py", "python"],
    ["query.sql", "sql"],
    ["data.json", "json"],
    ["index.ts", "typescript"],
    ["App.tsx", "tsx"],
  ] as const)("maps %s to %s", (name, language) => {
    expect(languageOfFile(name)).toBe(language);
  });

  it.each(["notes.md", "photo.png", "archive.tar.gz", "main.rb", "script.sh"])(
    'maps any other extension to none ("any other extension gives none"): %s',
    (name) => {
      expect(languageOfFile(name)).toBe("none");
    },
  );

  it.each(["Makefile", "README", "main"])(
    'gives none for a name without a dot ("A file name without a dot has language none"): %s',
    (name) => {
      expect(languageOfFile(name)).toBe("none");
    },
  );

  it("uses the extension after the last dot", () => {
    expect(languageOfFile("app.test.js")).toBe("javascript");
    expect(languageOfFile("index.js.py")).toBe("python");
  });

  it("compares extensions case-insensitively", () => {
    expect(languageOfFile("Main.PY")).toBe("python");
    expect(languageOfFile("INDEX.Html")).toBe("html");
  });

  it("looks only at the last path segment", () => {
    expect(languageOfFile("src/utils.js")).toBe("javascript");
    expect(languageOfFile("v1.2/README")).toBe("none");
  });

  it("gives none for an empty extension or an object key that is not an extension", () => {
    expect(languageOfFile("file.")).toBe("none");
    expect(languageOfFile("x.constructor")).toBe("none");
    expect(languageOfFile("x.__proto__")).toBe("none");
  });
});

describe("codeLanguageInfo (spec sections 3, 5 and 8)", () => {
  it("knows every codeLanguage value: html, css, javascript, python, sql, jsx, typescript, tsx", () => {
    expect(CODE_LANGUAGES).toEqual([
      "html",
      "css",
      "javascript",
      "python",
      "sql",
      "jsx",
      "typescript",
      "tsx",
    ]);
    for (const language of CODE_LANGUAGES) {
      expect(codeLanguageInfo(language).runnable).toBe(true);
    }
  });

  it("knows every display-only language: bash, cpp, csharp, java, kotlin, lua, php, r, ruby, swift", () => {
    expect(DISPLAY_LANGUAGES).toEqual([
      "bash",
      "cpp",
      "csharp",
      "java",
      "kotlin",
      "lua",
      "php",
      "r",
      "ruby",
      "swift",
    ]);
    for (const language of DISPLAY_LANGUAGES) {
      const info = codeLanguageInfo(language);
      expect(info.runnable).toBe(false);
      expect(info.entryFile).toBeNull();
    }
  });

  it("gives labels, extensions and entry files from the content format", () => {
    expect(codeLanguageInfo("python")).toEqual({
      label: "Python",
      extension: "py",
      runnable: true,
      entryFile: "main.py",
    });
    expect(codeLanguageInfo("javascript").entryFile).toBe("index.js");
    expect(codeLanguageInfo("typescript").entryFile).toBe("index.ts");
    expect(codeLanguageInfo("sql").entryFile).toBe("query.sql");
    expect(codeLanguageInfo("tsx").entryFile).toBe("App.tsx");
    expect(codeLanguageInfo("csharp").label).toBe("C#");
  });

  it("agrees with languageOfFile for every runnable language's extension", () => {
    for (const language of CODE_LANGUAGES) {
      expect(languageOfFile(`file.${codeLanguageInfo(language).extension}`)).toBe(language);
    }
  });

  it.each(["go", "Python", "", "js", "constructor", "toString"])(
    "throws 'Unknown coding language' for %j",
    (language) => {
      expect(UNKNOWN_CODE_LANGUAGE).toBe("Unknown coding language");
      expect(() => codeLanguageInfo(language)).toThrowError(new Error("Unknown coding language"));
    },
  );

  it("tells coding languages from display-only ones", () => {
    expect(isCodeLanguage("sql")).toBe(true);
    expect(isCodeLanguage("ruby")).toBe(false);
    expect(isDisplayLanguage("ruby")).toBe(true);
    expect(isDisplayLanguage("sql")).toBe(false);
  });
});
