import { describe, expect, it } from "vitest";
import { chipsFor, fillBlanks, isFilledCorrectly, parseSnippet, wrongBlanks } from "./fill-in.ts";

describe("parseSnippet", () => {
  it("cuts the snippet into text and numbered blanks", () => {
    expect(parseSnippet('[[0]]("Hello, " [[1]] "Sam")')).toEqual([
      { kind: "blank", index: 0 },
      { kind: "text", text: '("Hello, " ' },
      { kind: "blank", index: 1 },
      { kind: "text", text: ' "Sam")' },
    ]);
  });
});

describe("chipsFor", () => {
  it("offers every answer and distractor once, in the same order on every visit", () => {
    const a = chipsFor(["print", "+"], ["echo", "and", ","], 1010105);
    const b = chipsFor(["print", "+"], ["echo", "and", ","], 1010105);
    expect(a).toEqual(b);
    expect(a.map((c) => c.text).sort()).toEqual(["+", ",", "and", "echo", "print"]);
  });
});

describe("checking", () => {
  it("is right only when every blank holds its answer", () => {
    expect(isFilledCorrectly(["print", "+"], ["print", "+"])).toBe(true);
    expect(isFilledCorrectly(["print", ","], ["print", "+"])).toBe(false);
    expect(isFilledCorrectly(["print", undefined], ["print", "+"])).toBe(false);
  });

  it("marks the blanks that hold a wrong token", () => {
    expect(wrongBlanks(["echo", "+"], ["print", "+"])).toEqual([0]);
    expect(wrongBlanks([undefined, ","], ["print", "+"])).toEqual([1]);
  });
});

describe("fillBlanks", () => {
  it("puts the learner's tokens in the blanks and marks an empty one", () => {
    expect(fillBlanks('[[0]]("Hello, " [[1]] "Sam")', ["print", undefined])).toBe(
      'print("Hello, " ___ "Sam")',
    );
    expect(fillBlanks("no blanks", [])).toBe("no blanks");
  });
});
