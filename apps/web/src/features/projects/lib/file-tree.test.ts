/** The project file tree: rows from flat paths, and add/rename/delete with the project rules. */
import { describe, expect, it } from "vitest";
import { addFile, deletePath, renamePath, treeRows } from "./file-tree.ts";

const f = (path: string) => ({ path, content: "" });

describe("treeRows", () => {
  it("lists folders first, nested by path prefix", () => {
    expect(treeRows([f("main.py"), f("lib/a.py"), f("lib/sub/b.py")], ["empty"])).toEqual([
      { kind: "folder", path: "empty", name: "empty", depth: 0 },
      { kind: "folder", path: "lib", name: "lib", depth: 0 },
      { kind: "folder", path: "lib/sub", name: "sub", depth: 1 },
      { kind: "file", path: "lib/sub/b.py", name: "b.py", depth: 2 },
      { kind: "file", path: "lib/a.py", name: "a.py", depth: 1 },
      { kind: "file", path: "main.py", name: "main.py", depth: 0 },
    ]);
  });
});

describe("edits", () => {
  it("adds a file, refusing a taken name or a bad path", () => {
    expect(addFile([f("a.py")], "b.py")).toEqual({ files: [f("a.py"), f("b.py")] });
    expect(addFile([f("a.py")], "A.py")).toEqual({ error: "There is already a file called A.py." });
    expect(addFile([], "../x")).toHaveProperty("error");
  });

  it("renames a folder with everything in it, and deletes a folder", () => {
    expect(renamePath([f("lib/a.py"), f("main.py")], "lib", "src", "folder")).toEqual({
      files: [f("src/a.py"), f("main.py")],
    });
    expect(deletePath([f("lib/a.py"), f("main.py")], "lib", "folder")).toEqual([f("main.py")]);
  });
});
