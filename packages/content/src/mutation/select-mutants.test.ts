import { describe, expect, it } from "vitest";
import { changesForFile, seededRandom, selectMutants } from "./select-mutants.ts";

const file = (name: string, content: string) => ({ name, content, readonly: false, hidden: false });
const program = file(
  "main.py",
  'def total(xs):\n    s = 0\n    for x in range(len(xs)):\n        s = s + xs[x]\n    return s\n\nprint(total([1, 2, 3]))\nprint("Done")\n',
);

describe("selectMutants", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    const a = selectMutants([program], { seed: 1010101 });
    expect(selectMutants([program], { seed: 1010101 })).toEqual(a);
    expect(selectMutants([program], { seed: 2 }).map((m) => m.key)).not.toEqual(
      a.map((m) => m.key),
    );
  });

  it("caps the mutants, tries the hard-coded output first and then every mutator in turn", () => {
    const picked = selectMutants([program], {
      seed: 7,
      cap: 6,
      hardCoded: { "main.py": 'print("6")\nprint("Done")\n' },
    });
    expect(picked).toHaveLength(6);
    expect(picked[0]?.mutator).toBe("hard-code-output");
    expect(new Set(picked.map((m) => m.mutator)).size).toBe(6);
  });

  it("gives every mutant a unique key and never the original text", () => {
    const all = selectMutants([program], { seed: 3, cap: 1000 });
    expect(new Set(all.map((m) => m.key)).size).toBe(all.length);
    expect(all.every((m) => m.content !== program.content && m.content.endsWith("\n"))).toBe(true);
    expect(all.every((m) => /^[a-z-]+@main\.py:\d+(#\d+)?$/.test(m.key))).toBe(true);
  });
});

describe("changesForFile", () => {
  it("picks the mutators by the file's extension", () => {
    const kinds = (name: string, text: string) =>
      new Set(changesForFile(name, text).map((c) => c.mutator));
    expect(kinds("query.sql", "SELECT a FROM t WHERE b = 1;")).toContain("drop-where");
    expect(kinds("style.css", "p {\n  margin: 0;\n}")).toContain("remove-property");
    expect(kinds("index.html", "<p>Hi</p>")).toContain("remove-element");
    expect(kinds("App.tsx", '  <img src="a" />')).toContain("remove-attribute");
    expect(changesForFile("notes.txt", "hello 1")).toEqual([]);
  });
});

describe("seededRandom", () => {
  it("repeats its sequence for a seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe("selectMutants with a starter", () => {
  it("mutates only the lines the solution adds or changes, and still hard-codes", () => {
    const starter = [file("main.py", 'prices = [3, 4]\nprint("Done")\n')];
    const solution = file("main.py", 'prices = [3, 4]\nprint(sum(prices))\nprint("Done")\n');
    const picked = selectMutants([solution], {
      seed: 1,
      cap: 100,
      starter,
      hardCoded: { "main.py": 'print("7")\nprint("Done")\n' },
    });
    expect(picked.length).toBeGreaterThan(1);
    expect(picked[0]?.mutator).toBe("hard-code-output");
    expect(picked.slice(1).every((m) => m.line === 2)).toBe(true);
  });
});
