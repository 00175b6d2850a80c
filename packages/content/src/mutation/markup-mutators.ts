/**
 * Mutators for HTML, CSS and JSX markup: remove an element, remove an attribute, remove a CSS
 * property. Line-based and pure: an element is removed when it sits whole on its line (or is a
 * void element), which is how lesson solutions are written.
 */
import { type LineChange, oneLineDiff, withLine } from "./types.ts";

const VOID = /^<(?:img|input|br|hr|meta|link|source|area|col|embed|track|wbr)\b[^>]*\/?>$/i;
const WHOLE = /^<([A-Za-z][\w.-]*)\b[^>]*>.*<\/\1>$|^<[A-Za-z][\w.-]*\b[^>]*\/>$/s;

/** Each element that stands whole on one line, removed (never the document's html, head, body). */
export function removeElementChanges(text: string): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    const t = line.trim();
    if (!(VOID.test(t) || WHOLE.test(t))) return;
    if (/^<(?:meta|link|title|html|head|body)\b/i.test(t)) return;
    found.push({
      mutator: "remove-element",
      line: index + 1,
      content: withLine(lines, index, null),
      diff: oneLineDiff(line, null),
    });
  });
  return found;
}

/** Each attribute of a tag removed: `<img src="a.png" alt="A cat">` loses its alt. */
export function removeAttributeChanges(text: string): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    for (const tag of line.matchAll(
      /<[A-Za-z][\w.-]*((?:\s+[^\s=>]+(?:=(?:"[^"]*"|'[^']*'|\{[^}]*\}|[^\s>]+))?)+)\s*\/?>/g,
    )) {
      const attrs = tag[1] ?? "";
      const attrsAt = (tag.index ?? 0) + tag[0].indexOf(attrs);
      for (const attr of attrs.matchAll(
        /\s+([^\s=>/]+)(?:=(?:"[^"]*"|'[^']*'|\{[^}]*\}|[^\s>]+))?/g,
      )) {
        const name = attr[1] ?? "";
        if (/^(charset|name|content|lang|rel|key)$/i.test(name)) continue;
        const at = attrsAt + (attr.index ?? 0);
        const after = line.slice(0, at) + line.slice(at + attr[0].length);
        found.push({
          mutator: "remove-attribute",
          line: index + 1,
          content: withLine(lines, index, after),
          diff: oneLineDiff(line, after),
        });
      }
    }
  });
  return found;
}

/** Each CSS declaration (`color: red;`) removed, in a stylesheet or a `<style>` element. */
export function removePropertyChanges(text: string): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    const decls = [...line.matchAll(/(?<=^\s*|[{;]\s*)([a-z-]+\s*:\s*[^;{}]+;?)/g)];
    // A line that is a selector (`a:hover {`) or markup is not a declaration.
    if (/[<>]/.test(line) || (/\{\s*$/.test(line.trim()) && !line.includes(";"))) return;
    for (const decl of decls) {
      const text = decl[1] ?? "";
      if (!text.includes(":") || (!text.endsWith(";") && !/}\s*$/.test(line) && decls.length > 1))
        continue;
      const at = decl.index ?? 0;
      const trailing = line.slice(at + text.length).match(/^\s*/)?.[0].length ?? 0;
      const after = line.slice(0, at) + line.slice(at + text.length + trailing);
      found.push({
        mutator: "remove-property",
        line: index + 1,
        content: withLine(lines, index, after.trim() === "" ? null : after),
        diff: oneLineDiff(line, after.trim() === "" ? null : after),
      });
    }
  });
  return found;
}

/** A number in a CSS value one up (`16px` to `17px`): a plausible slip in a layout. */
export function cssNumberChanges(text: string): LineChange[] {
  const lines = text.split("\n");
  const found: LineChange[] = [];
  lines.forEach((line, index) => {
    const decl = line.match(/^(\s*[a-z-]+\s*:\s*)([^;{}]+)(;?.*)$/);
    if (!decl || /[<>]/.test(line)) return;
    const value = decl[2] ?? "";
    const number = value.match(/(?<![#\w.-])(\d+(?:\.\d+)?)/);
    if (!number) return;
    const at = (decl[1] ?? "").length + (number.index ?? 0);
    const after =
      line.slice(0, at) + String(Number(number[1]) + 1) + line.slice(at + number[1]!.length);
    found.push({
      mutator: "literal",
      line: index + 1,
      content: withLine(lines, index, after),
      diff: oneLineDiff(line, after),
    });
  });
  return found;
}

export function htmlChanges(text: string): LineChange[] {
  return [
    ...removeElementChanges(text),
    ...removeAttributeChanges(text),
    ...removePropertyChanges(text),
    ...cssNumberChanges(text),
  ];
}

export function cssChanges(text: string): LineChange[] {
  return [...removePropertyChanges(text), ...cssNumberChanges(text)];
}
