import { describe, expect, it } from "vitest";
import { markAsyncBodies } from "./async-escapes.ts";
import {
  ASYNC_ARROW_END,
  ASYNC_ARROW_START,
  ASYNC_BODY_END,
  ASYNC_BODY_START,
} from "./wrappers.ts";

const body = (inner: string) => `{${ASYNC_BODY_START}${inner}${ASYNC_BODY_END}}`;
const arrow = (expression: string) => `${ASYNC_ARROW_START}${expression}${ASYNC_ARROW_END}`;

describe("markAsyncBodies", () => {
  it("marks async functions, arrows and methods, keeping every line where it was", () => {
    const code = [
      "async function load(id) {",
      '  throw new Error("no " + id);',
      "}",
      "const quick = async (x) => x + 1;",
      "const one = async y => { return y; };",
      "class Api { async get() { return 1; } static async [key]() {} async #hidden() {} }",
      "const o = { async delete() {} };",
    ].join("\n");
    const marked = markAsyncBodies(code);
    expect(marked.split("\n")).toEqual([
      `async function load(id) {${ASYNC_BODY_START}`,
      '  throw new Error("no " + id);',
      `${ASYNC_BODY_END}}`,
      `const quick = async (x) => ${arrow("x + 1")};`,
      `const one = async y => ${body(" return y; ")};`,
      `class Api { async get() ${body(" return 1; ")} static async [key]() ${body("")} async #hidden() ${body("")} }`,
      `const o = { async delete() ${body("")} };`,
    ]);
  });

  it("marks nested async functions inside out", () => {
    expect(markAsyncBodies("f(async () => async () => 1);")).toBe(
      `f(async () => ${arrow(`async () => ${arrow("1")}`)});`,
    );
  });

  it("leaves async generators, names called async and async in strings alone", () => {
    const code = [
      "async function* numbers() { yield 1; }",
      "const o = { async: 1, async, async *gen() {}, async() {} };",
      "async(1, 2);",
      'const text = "async function f() {}";',
      "const pattern = /async () => {}/;",
    ].join("\n");
    expect(markAsyncBodies(code)).toBe(code);
  });

  it('keeps a "use strict" directive first in the body', () => {
    expect(markAsyncBodies('async function f() { "use strict"; return 1; }')).toBe(
      `async function f() { "use strict";${ASYNC_BODY_START} return 1; ${ASYNC_BODY_END}}`,
    );
  });

  it("leaves a script it cannot read unchanged", () => {
    const broken = "async function f( {";
    expect(markAsyncBodies(broken)).toBe(broken);
  });
});
