/**
 * The "valid HTML" requirement (docs/content-format.md, `requires: [valid-html]`): the mistakes a
 * browser repairs without a word, found in the learner's HTML files with parse5, the WHATWG
 * parser jsdom uses. parse5 reports the tokenizer's errors (an attribute given twice, a tag never
 * finished) but not the tree's, so the tree it builds, with each element's source location, tells
 * the rest: an element the source never closes (and whose end tag is not optional), an end tag
 * that closes nothing (stray, or in the wrong order), an id used twice. Pure: the same in the
 * browser's page runner and on the server's.
 */
import type { RunRequest, RunResult, TestResult } from "@lumen/contracts";
import { type ParserError, parse, type DefaultTreeAdapterTypes as T } from "parse5";

export interface HtmlProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export const VALID_HTML_TEST = "Valid HTML";

/** Elements with no end tag at all. */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
/** Elements whose end tag HTML allows to leave out (the spec's "optional tags"). */
const OPTIONAL_END = new Set([
  "html",
  "head",
  "body",
  "p",
  "li",
  "dt",
  "dd",
  "option",
  "optgroup",
  "rb",
  "rt",
  "rtc",
  "rp",
  "tr",
  "td",
  "th",
  "thead",
  "tbody",
  "tfoot",
  "colgroup",
  "caption",
]);
/** Elements whose content is text, not tags: an `</x>` inside is not an end tag. */
const RAW_TEXT = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
  "plaintext",
]);

/** parse5's own error codes, in the learner's words; the rest are spelled out from the code. */
const PARSER_MESSAGES: Record<string, string> = {
  "duplicate-attribute": "a tag has the same attribute twice. Keep one of them.",
  "non-void-html-element-start-tag-with-trailing-solidus":
    "a tag ends with /> but its element is not empty in HTML: write its end tag instead, as in <div></div>.",
  "eof-in-tag": "a tag is never finished: it needs a > at its end.",
  "eof-in-comment": "a comment is never closed: end it with -->.",
  "missing-end-tag-name": "</> is an end tag without a name.",
  "unexpected-character-in-attribute-name":
    'an attribute name holds a character it cannot have (a quote or <). Write attributes as name="value".',
  "unexpected-equals-sign-before-attribute-name":
    'an attribute starts with =. Write it as name="value".',
  "missing-whitespace-between-attributes": "two attributes touch: put a space between them.",
  "unexpected-null-character": "the file holds a NUL character.",
  "eof-in-element-that-can-contain-only-text":
    "a <script>, <style>, <textarea> or <title> is never closed: add its end tag.",
};
/** Not mistakes in a lesson's page: the early lessons write a fragment, without a doctype. */
const IGNORED_PARSER_ERRORS = new Set(["missing-doctype"]);

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = (before.match(/\n/g)?.length ?? 0) + 1;
  return { line, column: offset - before.lastIndexOf("\n") };
}

function isElement(node: T.ChildNode | T.ParentNode): node is T.Element {
  return "tagName" in node;
}

function childrenOf(node: T.ParentNode): T.ChildNode[] {
  if (isElement(node) && node.tagName === "template") {
    return (node as T.Template).content.childNodes;
  }
  return "childNodes" in node ? node.childNodes : [];
}

/** Every problem of one HTML file, in the order of the source. */
export function htmlProblems(file: string, html: string): HtmlProblem[] {
  const found: Array<{ offset: number; message: string }> = [];
  const parserErrors: ParserError[] = [];
  const document = parse(html, {
    sourceCodeLocationInfo: true,
    onParseError: (error) => parserErrors.push(error),
  });
  for (const error of parserErrors) {
    if (IGNORED_PARSER_ERRORS.has(error.code)) continue;
    found.push({
      offset: error.startOffset,
      message: PARSER_MESSAGES[error.code] ?? `${error.code.replaceAll("-", " ")}.`,
    });
  }

  const elements: T.Element[] = [];
  /** Source ranges where `</x>` is not an end tag: start tags, comments, raw text. */
  const opaque: Array<[number, number]> = [];
  const visit = (node: T.ParentNode) => {
    for (const child of childrenOf(node)) {
      if (isElement(child)) {
        const startTag = child.sourceCodeLocation?.startTag;
        if (startTag) {
          elements.push(child);
          opaque.push([startTag.startOffset, startTag.endOffset]);
          if (RAW_TEXT.has(child.tagName)) {
            const location = child.sourceCodeLocation!;
            opaque.push([startTag.endOffset, location.endTag?.startOffset ?? location.endOffset]);
            continue;
          }
        }
        visit(child);
      } else if (child.nodeName === "#comment" || child.nodeName === "#documentType") {
        const location = child.sourceCodeLocation;
        if (location) opaque.push([location.startOffset, location.endOffset]);
      }
    }
  };
  visit(document);

  // End tags the parser used: each closed the element whose endTag location it is.
  const used = new Set(
    elements.map((e) => e.sourceCodeLocation?.endTag?.startOffset).filter((o) => o !== undefined),
  );
  const endTags: Array<{ offset: number; name: string }> = [];
  for (const match of html.matchAll(/<\/([A-Za-z][^\s/>]*)[^>]*>/g)) {
    const offset = match.index;
    if (opaque.some(([from, to]) => offset >= from && offset < to)) continue;
    endTags.push({ offset, name: match[1]!.toLowerCase() });
  }
  const unused = endTags.filter((tag) => !used.has(tag.offset));

  for (const element of elements) {
    const location = element.sourceCodeLocation!;
    const name = element.tagName;
    if (location.endTag || VOID.has(name) || OPTIONAL_END.has(name)) continue;
    if (RAW_TEXT.has(name) && location.endOffset < html.length) continue;
    const start = location.startTag!.startOffset;
    const late = unused.find((tag) => tag.name === name && tag.offset > start);
    if (late) {
      const at = lineAndColumn(html, late.offset).line;
      found.push({
        offset: start,
        message: `the <${name}> is closed in the wrong order: its </${name}> on line ${at} comes after the end of an element around it. Close the last opened tag first.`,
      });
      unused.splice(unused.indexOf(late), 1);
    } else {
      found.push({
        offset: start,
        message: `the <${name}> is never closed. Add </${name}> where it should end.`,
      });
    }
  }
  for (const tag of unused) {
    // An end tag the parser had no element for: nothing of that name was open there.
    const ended = elements.findLast(
      (e) =>
        e.tagName === tag.name &&
        !e.sourceCodeLocation?.endTag &&
        e.sourceCodeLocation!.startTag!.startOffset < tag.offset,
    );
    found.push({
      offset: tag.offset,
      message: ended
        ? `</${tag.name}> has no open <${tag.name}> to close: the <${tag.name}> on line ${lineAndColumn(html, ended.sourceCodeLocation!.startTag!.startOffset).line} had already ended, where an element it cannot hold began.`
        : `</${tag.name}> has no <${tag.name}> to close. Remove it, or add the opening tag before it.`,
    });
  }

  const ids = new Map<string, number>();
  for (const element of elements) {
    const id = element.attrs.find((a) => a.name === "id")?.value;
    if (id === undefined) continue;
    const offset = element.sourceCodeLocation!.startTag!.startOffset;
    const first = ids.get(id);
    if (first === undefined) ids.set(id, offset);
    else {
      found.push({
        offset,
        message: `the id "${id}" is already used on line ${lineAndColumn(html, first).line}. An id may be used once in a page.`,
      });
    }
  }

  return found
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset, message }) => ({ file, ...lineAndColumn(html, offset), message }));
}

export function validHtmlTest(files: RunRequest["files"]): TestResult {
  const problems = files
    .filter((f) => /\.html?$/i.test(f.name))
    .flatMap((f) => htmlProblems(f.name, f.content));
  const [first] = problems;
  if (!first) return { name: VALID_HTML_TEST, status: "passed" };
  const more = problems.length - 1;
  return {
    name: VALID_HTML_TEST,
    status: "failed",
    message: `Line ${first.line} of ${first.file}: ${first.message}${
      more > 0 ? ` (${more} more ${more === 1 ? "problem" : "problems"} after this one.)` : ""
    }`,
  };
}

/** A run's result with the valid-HTML check first, when the request requires it. */
export function withValidHtml(request: RunRequest, result: RunResult): RunResult {
  if (!request.requires?.includes("valid-html")) return result;
  const test = validHtmlTest(request.files);
  return {
    ...result,
    tests: [test, ...result.tests],
    status: test.status === "failed" && result.status === "passed" ? "failed" : result.status,
  };
}
