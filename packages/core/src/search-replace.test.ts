import { describe, expect, it } from "vitest";
import { applySearchReplace } from "./search-replace.ts";

const file = [
  "export function App() {",
  "  return (",
  "    <main>",
  "      <h1>My app</h1>",
  "    </main>",
  "  );",
  "}",
  "",
].join("\n");

describe("applySearchReplace", () => {
  it("replaces an exact passage once", () => {
    const result = applySearchReplace(file, "<h1>My app</h1>", "<h1>To-do</h1>");
    expect(result).toEqual({
      ok: true,
      method: "exact",
      content: file.replace("My app", "To-do"),
    });
  });

  it("matches despite wrong indentation and re-indents the replacement to the file's", () => {
    const result = applySearchReplace(
      file,
      "<main>\n  <h1>My app</h1>\n</main>",
      "<main>\n  <h1>To-do</h1>\n  <ul />\n</main>",
    );
    expect(result.ok && result.method).toBe("whitespace");
    expect(result.ok && result.content).toBe(
      [
        "export function App() {",
        "  return (",
        "    <main>",
        "      <h1>To-do</h1>",
        "      <ul />",
        "    </main>",
        "  );",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("tolerates trailing spaces and blank lines around the passage", () => {
    const result = applySearchReplace(file, "\n  );   \n}\n\n", "  );\n}\n// end");
    expect(result.ok && result.method).toBe("whitespace");
    expect(result.ok && result.content.endsWith("  );\n}\n// end\n")).toBe(true);
  });

  it("refuses a passage found twice, asking for more context", () => {
    const twice = "let a = 1;\nlet a = 1;\n";
    const result = applySearchReplace(twice, "let a = 1;", "let a = 2;");
    expect(result).toMatchObject({ ok: false, reason: "ambiguous" });
    const loose = applySearchReplace("  x();\n    x();\n", "x();", "y();");
    expect(loose).toMatchObject({ ok: false, reason: "ambiguous" });
  });

  it("fails with the full rewrite as the way out when the passage is not there", () => {
    const result = applySearchReplace(file, "<h2>Nope</h2>", "<h2>Yes</h2>");
    expect(result).toMatchObject({ ok: false, reason: "not_found" });
    expect(!result.ok && result.message).toContain("write_file");
  });

  it("refuses an empty search instead of inserting at the start", () => {
    expect(applySearchReplace(file, "  \n", "x")).toMatchObject({
      ok: false,
      reason: "empty_search",
    });
  });

  it("keeps CRLF files CRLF", () => {
    const crlf = "a\r\n  b\r\nc\r\n";
    const result = applySearchReplace(crlf, "b", "B");
    expect(result.ok && result.content).toBe("a\r\n  B\r\nc\r\n");
    const loose = applySearchReplace(crlf, "a\nb", "a\nB");
    expect(loose.ok && loose.content).toBe("a\r\nB\r\nc\r\n");
  });
});
