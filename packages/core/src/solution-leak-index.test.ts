import { describe, expect, it } from "vitest";
import { buildLeakIndex, findLeakInIndex } from "./solution-leak-index.ts";

const index = buildLeakIndex([
  {
    key: "sum",
    subject: {
      language: "python",
      solution: [
        { name: "main.py", content: "total = 0\nfor p in prices:\n    total += p\nprint(total)" },
      ],
      visible: [{ name: "main.py", content: "prices = [1, 2]" }],
    },
  },
  {
    key: "hello",
    subject: {
      language: "javascript",
      solution: [{ name: "index.js", content: 'console.log("Hello");' }],
      visible: [{ name: "index.js", content: "" }],
    },
  },
  {
    key: "grow",
    subject: {
      language: "python",
      fillIn: { code: "items = []\nitems.[[0]](4)\nprint(len(items))", answers: ["append"] },
    },
  },
  { key: "choice", subject: { language: "python", correctChoices: ["<code>len(x)</code>"] } },
]);

describe("the catalog's leak index", () => {
  it("names the lesson whose answer a reply gives away", () => {
    expect(
      findLeakInIndex("```python\ntotal = 0\nfor p in prices:\n    total += p\n```", index),
    ).toBe("sum");
  });

  it("lets ordinary answers through, and leaves choice, fill-in and tiny solutions out", () => {
    expect(findLeakInIndex("Use items.append(4) there.", index)).toBeUndefined();
    expect(findLeakInIndex("Write `console.log('Hello')`.", index)).toBeUndefined();
    expect(
      findLeakInIndex("A loop repeats code: `for x in xs:` runs once per item.", index),
    ).toBeUndefined();
    expect(findLeakInIndex("Call `len(x)` to count.", index)).toBeUndefined();
    expect(index.entries.map((e) => e.key)).toEqual(["sum"]);
  });
});
