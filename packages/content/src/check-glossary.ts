/**
 * The checks of a glossary file (content/glossary/{language}.yaml) beyond its shape, each
 * reported as `file:line: what is wrong`: the language is the file's name and one the site
 * teaches; slugs and terms are unique; related terms exist in the same file, and not the term
 * itself; definitions fit a search result's description and examples fit a page's code block.
 * content:check also runs the examples (scripts/content-check.ts); for TypeScript, the compiler's
 * errors must be the ones the example announces (typeErrorProblems).
 */
import { CODE_LANGUAGES, type TypeDiagnostic } from "@lumen/contracts";
import { LineCounter, parseDocument, Scalar } from "yaml";

/** A definition is the term page's meta description: search results show about this much. */
export const MAX_DEFINITION_CHARS = 200;
export const MAX_EXAMPLE_LINES = 20;
export const MAX_EXAMPLE_CHARS = 1_000;

export interface GlossaryFileData {
  language: string;
  terms: Array<{
    slug: string;
    term: string;
    definition: string;
    example: string;
    related: string[];
  }>;
}

export function checkGlossary(input: {
  /** The file's path relative to the content folder (glossary/css.yaml). */
  file: string;
  text: string;
  data: GlossaryFileData;
}): string[] {
  const { file, data } = input;
  const lineCounter = new LineCounter();
  const doc = parseDocument(input.text, { lineCounter });
  const lineOf = (...path: (string | number)[]) => {
    const node = doc.getIn(path, true) as { range?: [number] } | undefined;
    return node?.range ? lineCounter.linePos(node.range[0]).line : 1;
  };
  const problems: string[] = [];
  const report = (line: number, message: string) => problems.push(`${file}:${line}: ${message}`);

  const expected = file
    .split("/")
    .pop()
    ?.replace(/\.yaml$/, "");
  if (data.language !== expected) {
    report(lineOf("language"), `language is ${data.language} but the file is ${expected}.yaml`);
  }
  if (!(CODE_LANGUAGES as readonly string[]).includes(data.language)) {
    report(
      lineOf("language"),
      `language ${data.language} is not one of ${CODE_LANGUAGES.join(", ")}`,
    );
  }

  const slugs = new Set(data.terms.map((t) => t.slug));
  const seenSlugs = new Set<string>();
  const seenTerms = new Set<string>();
  data.terms.forEach((term, i) => {
    if (seenSlugs.has(term.slug))
      report(lineOf("terms", i, "slug"), `slug ${term.slug} is used twice`);
    seenSlugs.add(term.slug);
    const name = term.term.toLowerCase();
    if (seenTerms.has(name))
      report(lineOf("terms", i, "term"), `term ${term.term} is defined twice`);
    seenTerms.add(name);
    if (term.definition.length > MAX_DEFINITION_CHARS) {
      report(
        lineOf("terms", i, "definition"),
        `${term.slug}: the definition has ${term.definition.length} characters; keep it to ${MAX_DEFINITION_CHARS}`,
      );
    }
    const lines = term.example.trimEnd().split("\n").length;
    if (lines > MAX_EXAMPLE_LINES || term.example.length > MAX_EXAMPLE_CHARS) {
      report(
        lineOf("terms", i, "example"),
        `${term.slug}: the example is too long (${lines} lines, ${term.example.length} characters; at most ${MAX_EXAMPLE_LINES} lines and ${MAX_EXAMPLE_CHARS} characters)`,
      );
    }
    const seenRelated = new Set<string>();
    term.related.forEach((related, j) => {
      const line = lineOf("terms", i, "related", j);
      if (related === term.slug) report(line, `${term.slug} names itself as a related term`);
      else if (!slugs.has(related))
        report(line, `${term.slug} names unknown related term ${related}`);
      else if (seenRelated.has(related))
        report(line, `${term.slug} names related term ${related} twice`);
      seenRelated.add(related);
    });
  });
  return problems;
}

/**
 * How an example says a line is meant to fail type checking, as the lessons do: a comment that
 * starts with "error", `// error: "blue" is not a Light`, or inside JSX a block comment
 * (slash, star) that does.
 */
const ANNOUNCED_ERROR = /(?:\/\/|\/\*)\s*error\b/i;

/**
 * A TypeScript example shows a type error only where it says so: each error the compiler reports
 * is on a line whose comment announces it, and each announced line has one. `line` is where the
 * example's text starts in the file, so that problems point at the line itself.
 */
export function typeErrorProblems(input: {
  file: string;
  line: number;
  slug: string;
  example: string;
  diagnostics: readonly TypeDiagnostic[];
}): string[] {
  const { file, line, slug } = input;
  const errors = input.diagnostics.filter((d) => d.severity === "error");
  const announced = input.example
    .split("\n")
    .flatMap((text, i) => (ANNOUNCED_ERROR.test(text) ? [i + 1] : []));
  const problems: string[] = [];
  for (const error of errors) {
    if (!announced.includes(error.line)) {
      problems.push(
        `${file}:${line + error.line - 1}: ${slug}: TypeScript reports an error on line ${error.line} of the example that no "// error" comment announces: ${error.message.split("\n")[0]}`,
      );
    }
  }
  for (const n of announced) {
    if (!errors.some((e) => e.line === n)) {
      problems.push(
        `${file}:${line + n - 1}: ${slug}: line ${n} of the example announces an error, but TypeScript reports none there`,
      );
    }
  }
  return problems;
}

/** The line of a glossary file where each term's example text starts, by slug. */
export function exampleLines(text: string): Map<string, number> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const lines = new Map<string, number>();
  for (let i = 0; doc.hasIn(["terms", i]); i++) {
    const slug = doc.getIn(["terms", i, "slug"]);
    const node = doc.getIn(["terms", i, "example"], true);
    if (typeof slug !== "string" || !(node instanceof Scalar) || !node.range) continue;
    const line = lineCounter.linePos(node.range[0]).line;
    // A block scalar (`example: |`) starts at its indicator; its text starts on the next line.
    const block = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED;
    lines.set(slug, block ? line + 1 : line);
  }
  return lines;
}
