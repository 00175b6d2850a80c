/**
 * Reads one lesson file (docs/content-format.md): YAML front matter, then `# --name--` sections
 * holding Markdown, fenced code blocks and lists. Every problem is reported with its line.
 */
import { parse as parseYaml, YAMLError } from "yaml";

export interface Problem {
  line: number;
  message: string;
}

export interface CodeBlock {
  lang: string;
  attrs: Record<string, string | true>;
  code: string;
  line: number;
}

export interface Section {
  name: string;
  line: number;
  /** The section's raw lines, as written, without the blank lines around them. */
  body: string;
  /** The line the body starts on (its first non-blank line). */
  bodyLine: number;
  blocks: CodeBlock[];
}

export interface ParsedLesson {
  frontMatter: Record<string, unknown>;
  /** The file line of each top-level front matter key, for problems about its value. */
  frontMatterLines: Record<string, number>;
  sections: Map<string, Section>;
  problems: Problem[];
}

const SECTION = /^# --([a-z-]+)--\s*$/;
const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

/** Parses `python file=main.py readonly expect="a b"` into a language and attributes. */
export function parseInfoString(info: string): {
  lang: string;
  attrs: Record<string, string | true>;
} {
  const attrs: Record<string, string | true> = {};
  const tokens = info.trim().match(/[^\s=]+="[^"]*"|[^\s=]+=[^\s"]+|[^\s]+/g) ?? [];
  const [lang = "", ...rest] = tokens;
  for (const token of rest) {
    const eq = token.indexOf("=");
    if (eq === -1) attrs[token] = true;
    else attrs[token.slice(0, eq)] = token.slice(eq + 1).replace(/^"(.*)"$/, "$1");
  }
  return { lang, attrs };
}

export function parseLesson(text: string): ParsedLesson {
  const problems: Problem[] = [];
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let frontMatter: Record<string, unknown> = {};
  const frontMatterLines: Record<string, number> = {};
  let start = 0;
  if (lines[0] === "---") {
    const end = lines.indexOf("---", 1);
    if (end === -1) {
      problems.push({ line: 1, message: "front matter is not closed with ---" });
    } else {
      const yamlText = lines.slice(1, end).join("\n");
      lines.slice(1, end).forEach((line, i) => {
        const key = line.match(/^([A-Za-z][\w-]*)\s*:/)?.[1];
        if (key && frontMatterLines[key] === undefined) frontMatterLines[key] = i + 2;
      });
      try {
        const parsed = parseYaml(yamlText, { prettyErrors: false });
        if (parsed && typeof parsed === "object") frontMatter = parsed as Record<string, unknown>;
        else problems.push({ line: 2, message: "front matter must be a YAML mapping" });
      } catch (error) {
        // Name the file's line: the YAML text starts on line 2, after the opening ---.
        const before = error instanceof YAMLError ? yamlText.slice(0, error.pos[0]) : "";
        problems.push({
          line: 2 + (before.match(/\n/g)?.length ?? 0),
          message: `front matter is not valid YAML: ${(error as Error).message}`,
        });
      }
      start = end + 1;
    }
  } else {
    problems.push({ line: 1, message: "a lesson starts with --- front matter" });
  }

  const sections = new Map<string, Section>();
  let current: { name: string; line: number; lines: string[]; blocks: CodeBlock[] } | undefined;
  let fence: { marker: string; block: CodeBlock; lines: string[] } | undefined;

  const close = () => {
    if (!current) return;
    const firstLine = current.lines.findIndex((l) => l.trim() !== "");
    if (sections.has(current.name)) {
      problems.push({ line: current.line, message: `section --${current.name}-- appears twice` });
    }
    sections.set(current.name, {
      name: current.name,
      line: current.line,
      body: current.lines.join("\n").trim(),
      bodyLine: current.line + 1 + Math.max(firstLine, 0),
      blocks: current.blocks,
    });
  };

  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const lineNo = i + 1;
    if (fence) {
      const closing = line.trim();
      if (
        closing.startsWith(fence.marker) &&
        /^(`+|~+)$/.test(closing) &&
        closing.length >= fence.marker.length
      ) {
        fence.block.code = fence.lines.join("\n");
        current?.blocks.push(fence.block);
        current?.lines.push(line);
        fence = undefined;
      } else {
        fence.lines.push(line);
        current?.lines.push(line);
      }
      continue;
    }
    const section = line.match(SECTION);
    if (section?.[1]) {
      close();
      current = { name: section[1], line: lineNo, lines: [], blocks: [] };
      continue;
    }
    const open = line.match(FENCE);
    if (open?.[2]) {
      const { lang, attrs } = parseInfoString(open[3] ?? "");
      fence = { marker: open[2], block: { lang, attrs, code: "", line: lineNo }, lines: [] };
    }
    if (!current) {
      if (line.trim() !== "") {
        problems.push({ line: lineNo, message: "text before the first # --section-- heading" });
      }
      continue;
    }
    current.lines.push(line);
  }
  if (fence) problems.push({ line: fence.block.line, message: "code block is not closed" });
  close();
  return { frontMatter, frontMatterLines, sections, problems };
}

export interface ListItem {
  text: string;
  /** Indented `> ` lines under the item. */
  quote?: string;
  /** The line of the quote's first `> ` line. */
  quoteLine?: number;
  line: number;
}

/** Reads a Markdown list of `- item` lines (continuation lines are indented). */
export function parseList(section: Section): ListItem[] {
  const items: ListItem[] = [];
  const lines = section.body.split("\n");
  lines.forEach((raw, offset) => {
    const line = section.bodyLine + offset;
    const item = raw.match(/^[-*]\s+(.*)$/);
    if (item) {
      items.push({ text: item[1]?.trim() ?? "", line });
      return;
    }
    const last = items.at(-1);
    if (!last || raw.trim() === "") return;
    const quote = raw.match(/^\s+>\s?(.*)$/);
    if (quote) {
      last.quote = [last.quote, quote[1]?.trim()].filter(Boolean).join(" ");
      last.quoteLine ??= line;
    } else if (/^\s+\S/.test(raw)) last.text = `${last.text} ${raw.trim()}`;
  });
  return items;
}
