/**
 * The checks of a glossary file (content/glossary/{language}.yaml) beyond its shape, each
 * reported as `file:line: what is wrong`: the language is the file's name and one the site
 * teaches; slugs and terms are unique; related terms exist in the same file, and not the term
 * itself; definitions fit a search result's description and examples fit a page's code block.
 */
import { CODE_LANGUAGES } from "@lumen/contracts";
import { LineCounter, parseDocument } from "yaml";

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
