import { describe, expect, it } from "vitest";
import { codeSegments, codeTokens, findSolutionLeak, type LeakSubject } from "./solution-leak.ts";

const SUM: LeakSubject = {
  language: "python",
  solution: [
    {
      name: "main.py",
      content:
        "prices = [3, 4, 5]\ntotal = 0\nfor price in prices:\n    total += price  # add it\nprint(total)\n",
    },
  ],
  visible: [{ name: "main.py", content: "prices = [3, 4, 5]\n# Add up the prices\n" }],
};

describe("codeTokens", () => {
  it("ignores case, spacing and quote style, and drops the solution's comments only when asked", () => {
    expect(codeTokens("print( 'Hi' )  # greet", "python")).toEqual(["print", "(", '"hi"', ")"]);
    expect(codeTokens('PRINT("hi")')).toEqual(["print", "(", '"hi"', ")"]);
    expect(codeTokens("x // 2 # c")).toEqual(["x", "//", "2", "#", "c"]);
    expect(codeTokens("a /* b */ += 1", "javascript")).toEqual(["a", "+=", "1"]);
  });
});

describe("codeSegments", () => {
  it("finds fenced blocks and inline spans", () => {
    const reply = "Use `len(x)` here:\n\n```python\nprint(len(x))\n```\nand ``a`b``.";
    expect(codeSegments(reply)).toEqual(["print(len(x))\n", "len(x)", "a`b"]);
  });
  it("reads an unclosed fence to the end", () => {
    expect(codeSegments("```js\nlet a = 1;\n")).toEqual(["let a = 1;\n"]);
  });
});

describe("findSolutionLeak: code lessons", () => {
  it("catches the solution in a code block", () => {
    const reply =
      "Here you go:\n\n```python\ntotal = 0\nfor price in prices:\n    total += price\nprint(total)\n```";
    expect(findSolutionLeak(reply, SUM)).toMatchObject({ leaked: true, reason: "code" });
  });

  it("catches it with other spacing, comments added and quotes changed", () => {
    const reply =
      "```\ntotal=0 # start\nfor price in prices :  # loop\n  total+=price\nprint( total )\n```";
    expect(findSolutionLeak(reply, SUM).leaked).toBe(true);
  });

  it("catches it spread over inline spans in prose", () => {
    const reply =
      "Start with `total = 0`, then write `for price in prices:` and inside it `total += price`; finally `print(total)`.";
    expect(findSolutionLeak(reply, SUM).leaked).toBe(true);
  });

  it("catches it written as plain prose without code markers", () => {
    const reply = "Just type total = 0 then for price in prices: total += price and print(total)";
    expect(findSolutionLeak(reply, SUM).leaked).toBe(true);
  });

  it("lets a question, a pointer at the learner's own line and a similar example through", () => {
    const learner = [
      { name: "main.py", content: "prices = [3, 4, 5]\nfor price in prices:\n    print(price)\n" },
    ];
    const subject = { ...SUM, visible: [...(SUM.visible ?? []), ...learner] };
    const replies = [
      "What value should `total` start at before the loop?",
      "Look at line 3: `print(price)` runs once per price. What should happen there instead?",
      "Here is a similar problem:\n\n```python\nages = [10, 20]\nsum_ages = 0\nfor age in ages:\n    sum_ages = sum_ages + age\nprint('Sum:', sum_ages)\n```",
    ];
    for (const reply of replies) expect(findSolutionLeak(reply, subject).leaked).toBe(false);
  });

  it("does not count what the learner already sees as a leak", () => {
    const reply = "Your list is `prices = [3, 4, 5]`; keep it.";
    expect(findSolutionLeak(reply, SUM).leaked).toBe(false);
  });

  it("treats a one-line solution as all-or-nothing", () => {
    const subject: LeakSubject = {
      language: "javascript",
      solution: [{ name: "index.js", content: 'console.log("Hello");' }],
      visible: [{ name: "index.js", content: "" }],
    };
    expect(findSolutionLeak("Write `console.log('Hello')`.", subject).leaked).toBe(true);
    expect(findSolutionLeak("Which function prints to the console?", subject).leaked).toBe(false);
  });

  it("has nothing to guard when the learner's files already hold the solution", () => {
    const solved = { ...SUM, visible: SUM.solution };
    expect(findSolutionLeak("```python\ntotal = 0\n```", solved).leaked).toBe(false);
  });
});

describe("findSolutionLeak: choice and fill-in lessons", () => {
  it("catches the right choice's words, and a one-word choice only as code", () => {
    const subject: LeakSubject = {
      language: "python",
      correctChoices: ["<code>len(items)</code> counts the items", "<code>print</code>"],
    };
    expect(findSolutionLeak("Pick: len(items) counts the items.", subject).leaked).toBe(true);
    expect(findSolutionLeak("The answer is `print`.", subject).leaked).toBe(true);
    expect(findSolutionLeak("What would print show here?", subject).leaked).toBe(false);
  });

  it("catches a blank's answer in its context or as a code span", () => {
    const subject: LeakSubject = {
      language: "python",
      fillIn: {
        code: "items = []\nitems.[[0]](4)\nprint([[1]](items))",
        answers: ["append", "len"],
      },
    };
    expect(findSolutionLeak("Write `items.append(4)`.", subject).leaked).toBe(true);
    expect(findSolutionLeak("The second blank is `len`.", subject).leaked).toBe(true);
    expect(findSolutionLeak("Which list method adds one item at the end?", subject).leaked).toBe(
      false,
    );
  });
});
