/**
 * Autocompletion for the lesson languages: the language's own words (completion-words.ts, on top
 * of what CodeMirror's language packs offer) and the names found in the learner's file, read from
 * its syntax tree, so that a variable defined ten lines up, a method already called, a table
 * already queried or a class already styled is one Tab away. Nothing is offered inside strings
 * and comments.
 */
import type {
  Completion,
  CompletionContext,
  CompletionResult,
  CompletionSource,
} from "@codemirror/autocomplete";
import { syntaxTree } from "@codemirror/language";
import { EditorState, type Extension } from "@codemirror/state";
import {
  JAVASCRIPT_GLOBALS,
  JAVASCRIPT_KEYWORDS,
  JAVASCRIPT_MEMBERS,
  PYTHON_KEYWORDS,
  PYTHON_MEMBERS,
  SQL_FUNCTIONS,
  TYPESCRIPT_KEYWORDS,
  TYPESCRIPT_TYPES,
} from "./completion-words.ts";
import type { EditorLanguage } from "./language-names.ts";

interface CodeWords {
  /** Offered where a name can go: keywords, built-in names. */
  words: readonly Completion[];
  /** Offered after a dot, with the member names the file already uses. */
  members: readonly Completion[];
  /** Syntax nodes whose text is a name the file defines or uses. */
  nameNodes: ReadonlySet<string>;
  /** Syntax nodes of names after a dot (methods, properties). */
  memberNodes: ReadonlySet<string>;
  /** Nothing is offered inside these. */
  quiet: ReadonlySet<string>;
  word: RegExp;
}

const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$]*$/u;
const IDENTIFIER_VALID = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
/** Names longer than this are not worth offering (and a pasted blob would flood the list). */
const MAX_NAME = 64;
/** Files are short in lessons; past this many characters only the start is read for names. */
const MAX_SCAN = 100_000;

const JS_NAMES = new Set(["VariableName", "VariableDefinition", "TypeName", "TypeDefinition"]);
const JS_MEMBERS = new Set(["PropertyName", "PropertyDefinition"]);
const JS_QUIET = new Set([
  "String",
  "TemplateString",
  "RegExp",
  "LineComment",
  "BlockComment",
  "JSXText",
]);

const javascriptWords = (typescript: boolean): CodeWords => ({
  words: typescript
    ? [...JAVASCRIPT_KEYWORDS, ...TYPESCRIPT_KEYWORDS, ...JAVASCRIPT_GLOBALS, ...TYPESCRIPT_TYPES]
    : [...JAVASCRIPT_KEYWORDS, ...JAVASCRIPT_GLOBALS],
  members: JAVASCRIPT_MEMBERS,
  nameNodes: JS_NAMES,
  memberNodes: JS_MEMBERS,
  quiet: JS_QUIET,
  word: IDENTIFIER,
});

const CODE_WORDS: Partial<Record<EditorLanguage, CodeWords>> = {
  python: {
    words: PYTHON_KEYWORDS,
    members: PYTHON_MEMBERS,
    nameNodes: new Set(["VariableName"]),
    memberNodes: new Set(["PropertyName"]),
    quiet: new Set(["String", "FormatString", "Comment"]),
    word: IDENTIFIER,
  },
  javascript: javascriptWords(false),
  jsx: javascriptWords(false),
  typescript: javascriptWords(true),
  tsx: javascriptWords(true),
  sql: {
    words: SQL_FUNCTIONS,
    members: [],
    nameNodes: new Set(["Identifier", "QuotedIdentifier"]),
    // `people.age`: a column after its table's name is a name like any other.
    memberNodes: new Set(["Identifier"]),
    quiet: new Set(["String", "LineComment", "BlockComment"]),
    word: /[\p{L}_][\p{L}\p{N}_]*$/u,
  },
};

/**
 * The text of every node of those kinds in the file, once each, in the order met, leaving out
 * the one at `skip` (the word being typed, which is not a name yet).
 */
export function namesInFile(
  state: EditorState,
  kinds: ReadonlySet<string>,
  skip: number,
): string[] {
  const names = new Set<string>();
  syntaxTree(state).iterate({
    to: Math.min(state.doc.length, MAX_SCAN),
    enter: (node) => {
      if (!kinds.has(node.name)) return;
      if (node.from <= skip && skip <= node.to) return;
      if (node.to - node.from > MAX_NAME) return;
      names.add(state.sliceDoc(node.from, node.to));
    },
  });
  return [...names];
}

const insideQuiet = (context: CompletionContext, quiet: ReadonlySet<string>): boolean => {
  const start = syntaxTree(context.state).resolveInner(context.pos, -1);
  for (let node: typeof start | null = start; node; node = node.parent) {
    if (quiet.has(node.name)) return true;
  }
  return false;
};

/** Completion for code (Python, JavaScript and TypeScript with JSX, SQL). */
export function codeCompletionSource(words: CodeWords): CompletionSource {
  return (context): CompletionResult | null => {
    if (insideQuiet(context, words.quiet)) return null;
    const typed = context.matchBefore(words.word);
    const from = typed ? typed.from : context.pos;
    const afterDot = /\.\s*$/.test(context.state.sliceDoc(Math.max(0, from - 20), from));
    if (!typed && !afterDot && !context.explicit) return null;
    if (afterDot) {
      const used = namesInFile(context.state, words.memberNodes, context.pos);
      return {
        from,
        options: [...used.map((label) => ({ label, type: "property" })), ...words.members],
        validFor: IDENTIFIER_VALID,
      };
    }
    // Names from the file carry no type: where the language pack offers the same name with its
    // kind (a function, a variable), the autocompletion keeps that one and shows it once.
    const names = namesInFile(context.state, words.nameNodes, context.pos).map(
      (label): Completion => ({ label }),
    );
    return { from, options: [...words.words, ...names], validFor: IDENTIFIER_VALID };
  };
}

const CSS_NAME = /[\w-]*$/;
const CSS_NAME_VALID = /^[\w-]*$/;

/** Class and id selectors already written in a stylesheet, after `.` and `#`. */
export const cssSelectorCompletionSource: CompletionSource = (context) => {
  const typed = context.matchBefore(CSS_NAME);
  const from = typed ? typed.from : context.pos;
  const mark = context.state.sliceDoc(from - 1, from);
  if (mark !== "." && mark !== "#") return null;
  const node = syntaxTree(context.state).resolveInner(context.pos, -1);
  let inStylesheet = false;
  for (let at: typeof node | null = node; at; at = at.parent) {
    // Inside a declaration block a dot starts a number (`0.5em`), not a class.
    if (at.name === "Block" || at.name === "Comment" || at.name === "String") return null;
    if (at.name === "StyleSheet") inStylesheet = true;
  }
  // In a page, only inside its <style>: elsewhere a dot ends a sentence.
  if (!inStylesheet) return null;
  const kinds = new Set([mark === "." ? "ClassName" : "IdName"]);
  const names = namesInFile(context.state, kinds, context.pos).map((name) =>
    name.startsWith("#") ? name.slice(1) : name,
  );
  if (names.length === 0) return null;
  return {
    from,
    options: names.map((label) => ({ label, type: mark === "." ? "class" : "constant" })),
    validFor: CSS_NAME_VALID,
  };
};

/** The values a page already gives `class` and `id`, offered in those attributes again. */
export function htmlAttributeValues(state: EditorState, attribute: "class" | "id"): string[] {
  const values = new Set<string>();
  syntaxTree(state).iterate({
    to: Math.min(state.doc.length, MAX_SCAN),
    enter: (node) => {
      if (node.name === "ClassName" && attribute === "class") {
        values.add(state.sliceDoc(node.from, node.to));
      }
      if (node.name === "IdName" && attribute === "id") {
        values.add(state.sliceDoc(node.from + 1, node.to));
      }
      if (node.name !== "AttributeValue") return;
      const name = node.node.prevSibling?.prevSibling;
      if (name?.name !== "AttributeName") return;
      if (state.sliceDoc(name.from, name.to).toLowerCase() !== attribute) return;
      const text = state.sliceDoc(node.from, node.to).replace(/^["']|["']$/g, "");
      for (const value of text.split(/\s+/)) if (value) values.add(value);
    },
  });
  return [...values];
}

/** Inside `class="…"` and `id="…"`: the page's other classes and ids (and its stylesheet's). */
export const htmlAttributeCompletionSource: CompletionSource = (context) => {
  const node = syntaxTree(context.state).resolveInner(context.pos, -1);
  const value = node.name === "AttributeValue" ? node : null;
  if (!value) return null;
  const name = value.prevSibling?.prevSibling;
  if (name?.name !== "AttributeName") return null;
  const attribute = context.state.sliceDoc(name.from, name.to).toLowerCase();
  if (attribute !== "class" && attribute !== "id") return null;
  const typed = context.matchBefore(CSS_NAME);
  const from = typed ? typed.from : context.pos;
  if (from <= value.from) return null;
  const current = context.state.sliceDoc(from, context.pos);
  // The value being typed is not a name yet (unless the page uses it elsewhere too).
  const others = context.state.sliceDoc(value.from, value.to).split(/[\s"']+/);
  const values = htmlAttributeValues(context.state, attribute).filter(
    (v) => v !== current || others.filter((o) => o === v).length > 1,
  );
  if (values.length === 0) return null;
  return {
    from,
    options: values.map((label) => ({
      label,
      type: attribute === "class" ? "class" : "constant",
    })),
    validFor: CSS_NAME_VALID,
  };
};

/** The completion sources of a file's language (the language pack brings its own besides). */
export function completionSources(language: EditorLanguage | undefined): CompletionSource[] {
  if (!language) return [];
  if (language === "css") return [cssSelectorCompletionSource];
  if (language === "html") return [htmlAttributeCompletionSource, cssSelectorCompletionSource];
  const words = CODE_WORDS[language];
  return words ? [codeCompletionSource(words)] : [];
}

/** Installs the sources as language data, beside the ones the language pack defines. */
export function lessonCompletions(language: EditorLanguage | undefined): Extension {
  const sources = completionSources(language);
  if (sources.length === 0) return [];
  return EditorState.languageData.of(() => sources.map((autocomplete) => ({ autocomplete })));
}
