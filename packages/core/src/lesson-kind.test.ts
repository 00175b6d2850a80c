import { describe, expect, it } from "vitest";
import { lessonKind } from "./lesson-kind.ts";

const files = (...names: string[]) => names.map((name) => ({ name, content: "" }));

describe("lessonKind (spec section 4: Lesson kind, derived from the lesson's files)", () => {
  it('"any sql file gives an SQL lesson", even beside html, javascript or python files', () => {
    expect(lessonKind(files("query.sql"))).toBe("sql");
    expect(lessonKind(files("index.html", "seed.sql"))).toBe("sql");
    expect(lessonKind(files("main.py", "query.sql"))).toBe("sql");
    expect(lessonKind(files("index.js", "query.sql"))).toBe("sql");
  });

  it('"else any html file gives an HTML lesson"', () => {
    expect(lessonKind(files("index.html"))).toBe("html");
    expect(lessonKind(files("index.html", "style.css", "script.js"))).toBe("html");
    expect(lessonKind(files("main.py", "page.html"))).toBe("html");
  });

  it('"else all javascript gives a JS lesson"', () => {
    expect(lessonKind(files("index.js"))).toBe("javascript");
    expect(lessonKind(files("index.js", "utils.js"))).toBe("javascript");
  });

  it('"else all python gives a Python lesson"', () => {
    expect(lessonKind(files("main.py"))).toBe("python");
    expect(lessonKind(files("main.py", "helpers.py"))).toBe("python");
  });

  it('"otherwise an HTML lesson": mixed or other languages', () => {
    expect(lessonKind(files("index.js", "main.py"))).toBe("html");
    expect(lessonKind(files("style.css"))).toBe("html");
    expect(lessonKind(files("App.jsx", "styles.css"))).toBe("html");
    expect(lessonKind(files("index.ts"))).toBe("html");
    expect(lessonKind(files("index.js", "data.json"))).toBe("html");
    expect(lessonKind(files("README"))).toBe("html");
  });

  it('treats a lesson with no files as "otherwise" (html), not as all javascript', () => {
    expect(lessonKind([])).toBe("html");
  });

  it("reads extensions the way languageOfFile does, case-insensitively", () => {
    expect(lessonKind(files("QUERY.SQL"))).toBe("sql");
    expect(lessonKind(files("Main.Py"))).toBe("python");
  });
});
