/**
 * How learner modules and check code are wrapped before evaluation, shared by the JavaScript and
 * page runners; kept apart from the transpiler so that sandbox-side bundles (the page frame) do
 * not pull sucrase in.
 */

/** Wraps a module so that its top-level names stay its own; the first line keeps its number. */
export function moduleWrapper(file: string, code: string): string {
  return `__lumen.define(${JSON.stringify(file)}, function (exports, require, module) {${code}\n});`;
}

/** Checks may await; wrapped so their names do not collide with the learner's globals. */
export function checksWrapper(checks: string): string {
  return `(async () => {${checks}\n})()`;
}
