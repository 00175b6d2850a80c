/**
 * Turns a parsed lesson file into the catalog's lesson: checks each type's required sections,
 * renders Markdown to HTML, derives the codeLanguage and the spec's lesson kind, and keeps the
 * author's wrong answers for the content checks (they are not published).
 */
import type {
  CodeLanguage,
  Lesson,
  LessonFile,
  LessonRequirement,
  LessonType,
} from "@lumen/contracts";
import {
  CODE_LANGUAGES,
  LESSON_REQUIREMENTS,
  LESSON_TYPES,
  sqlChecksSchema,
} from "@lumen/contracts";
import { languageOfFile, lessonKind } from "@lumen/core";
import { z } from "zod";
import { escapedTextProblem, lessonMarkdown, rawHtmlProblems } from "./markup.ts";
import { type JustifiedSurvivor, justifiedSurvivorSchema } from "./mutation/survivors.ts";
import {
  type CodeBlock,
  type ParsedLesson,
  type Problem,
  parseList,
  type Section,
} from "./parse-lesson.ts";

const renderBlock = (text: string) => lessonMarkdown.parse(text, { async: false }) as string;
const renderInline = (text: string) => lessonMarkdown.parseInline(text, { async: false }) as string;

export interface WrongAnswer {
  files: LessonFile[];
  expect: string;
  line: number;
}

export interface CompiledLesson {
  lesson: Lesson;
  wrong: WrongAnswer[];
  /** The line of the --checks-- block, where the messages a learner reads are written. */
  checksLine?: number;
  /** Mutants the author showed the checks need not kill (front matter `survivors:`). */
  survivors: JustifiedSurvivor[];
}

const frontMatterSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string().min(1).max(120),
  type: z.enum(LESSON_TYPES),
  codeLanguage: z.enum(CODE_LANGUAGES).optional(),
  requires: z.array(z.enum(LESSON_REQUIREMENTS)).optional(),
  survivors: z.array(justifiedSurvivorSchema).optional(),
});

/** The languages each requirement applies to (docs/content-format.md, "Requirements"). */
const REQUIREMENT_LANGUAGES: Record<LessonRequirement, CodeLanguage[]> = {
  "no-type-errors": ["typescript", "tsx"],
  "valid-html": ["html", "css"],
};

function checkRequires(
  requires: LessonRequirement[],
  type: LessonType,
  codeLanguage: CodeLanguage,
  line: number,
  problems: Problem[],
) {
  if (type !== "code" && type !== "project") {
    problems.push({ line, message: `requires: a ${type} lesson has no checks to add it to` });
    return;
  }
  const seen = new Set<LessonRequirement>();
  for (const requirement of requires) {
    if (seen.has(requirement)) {
      problems.push({ line, message: `requires: ${requirement} is listed twice` });
      continue;
    }
    seen.add(requirement);
    const languages = REQUIREMENT_LANGUAGES[requirement];
    if (!languages.includes(codeLanguage)) {
      problems.push({
        line,
        message: `requires: ${requirement} applies to ${languages.join(" and ")} lessons, and this one is ${codeLanguage}`,
      });
    }
  }
}

const REQUIRED: Record<LessonType, string[]> = {
  explanation: ["explanation"],
  "multiple-choice": ["question", "choices"],
  "fill-in": ["question", "snippet", "distractors"],
  code: ["explanation", "files", "solution", "checks", "wrong"],
  project: ["explanation", "files", "solution", "checks", "wrong"],
};
const OPTIONAL: Record<LessonType, string[]> = {
  explanation: ["example"],
  "multiple-choice": ["explanation"],
  "fill-in": ["explanation"],
  code: ["hints", "seed"],
  project: ["hints", "seed"],
};

function filesOf(section: Section, problems: Problem[]): LessonFile[] {
  const files: LessonFile[] = [];
  for (const block of section.blocks) {
    const name = block.attrs.file;
    if (typeof name !== "string") {
      problems.push({ line: block.line, message: "a file block needs file=<name>" });
      continue;
    }
    if (files.some((f) => f.name === name)) {
      problems.push({ line: block.line, message: `file ${name} is given twice` });
    }
    files.push({
      name,
      content: `${block.code}\n`.replace(/\n+$/, "\n"),
      readonly: block.attrs.readonly === true,
      hidden: block.attrs.hidden === true,
    });
  }
  if (files.length === 0)
    problems.push({ line: section.line, message: `--${section.name}-- has no file blocks` });
  return files;
}

function singleBlock(section: Section, problems: Problem[]): CodeBlock | undefined {
  if (section.blocks.length !== 1) {
    problems.push({
      line: section.line,
      message: `--${section.name}-- must hold exactly one code block`,
    });
  }
  return section.blocks[0];
}

function codeLanguageOf(files: LessonFile[], fallback: CodeLanguage): CodeLanguage {
  const first = files.find((f) => !f.hidden) ?? files[0];
  const language = first ? languageOfFile(first.name) : "none";
  return (CODE_LANGUAGES as readonly string[]).includes(language)
    ? (language as CodeLanguage)
    : fallback;
}

export function compileLesson(
  parsed: ParsedLesson,
  context: { index: number; slug: string; trackLanguage: CodeLanguage; chapterSeed?: string },
): { compiled?: CompiledLesson; problems: Problem[] } {
  const problems = [...parsed.problems];
  const fm = frontMatterSchema.safeParse(parsed.frontMatter);
  if (!fm.success) {
    for (const issue of fm.error.issues) {
      problems.push({
        line:
          ((issue.path[0] === "requires" || issue.path[0] === "survivors") &&
            parsed.frontMatterLines[issue.path[0]]) ||
          2,
        message: `front matter ${issue.path.join(".") || "(root)"}: ${issue.message}`,
      });
    }
    return { problems };
  }
  const { id, title, type } = fm.data;
  const titleProblem = escapedTextProblem(title, 2, "the title");
  if (titleProblem) problems.push(titleProblem);
  // Every Markdown section is shown as markup: raw HTML in it would be taken for a tag.
  for (const name of ["explanation", "question"]) {
    const markdownSection = parsed.sections.get(name);
    if (markdownSection)
      problems.push(...rawHtmlProblems(markdownSection.body, markdownSection.bodyLine));
  }
  const allowed = new Set([...REQUIRED[type], ...OPTIONAL[type]]);
  for (const name of REQUIRED[type]) {
    if (!parsed.sections.has(name))
      problems.push({ line: 1, message: `a ${type} lesson needs a --${name}-- section` });
  }
  for (const section of parsed.sections.values()) {
    if (!allowed.has(section.name)) {
      problems.push({
        line: section.line,
        message: `--${section.name}-- does not belong in a ${type} lesson`,
      });
    }
  }
  const section = (name: string) => parsed.sections.get(name);

  const files = section("files") ? filesOf(section("files")!, problems) : [];
  const solution = section("solution") ? filesOf(section("solution")!, problems) : undefined;
  const example = section("example") ? filesOf(section("example")!, problems) : undefined;
  const codeLanguage =
    fm.data.codeLanguage ??
    codeLanguageOf(files.length ? files : (example ?? []), context.trackLanguage);

  if (fm.data.requires) {
    const line = parsed.frontMatterLines.requires ?? 2;
    checkRequires(fm.data.requires, type, codeLanguage, line, problems);
  }

  if (fm.data.survivors?.length && type !== "code" && type !== "project") {
    problems.push({
      line: parsed.frontMatterLines.survivors ?? 2,
      message: `survivors: a ${type} lesson has no checks, so no mutants to justify`,
    });
  }
  const survivorKeys = (fm.data.survivors ?? []).map((s) => s.mutant);
  for (const key of new Set(survivorKeys.filter((k, i) => survivorKeys.indexOf(k) !== i))) {
    problems.push({
      line: parsed.frontMatterLines.survivors ?? 2,
      message: `survivors: ${key} is listed twice`,
    });
  }

  if (solution) {
    for (const file of files.filter((f) => !f.readonly && !f.hidden)) {
      if (!solution.some((s) => s.name === file.name)) {
        problems.push({
          line: section("solution")!.line,
          message: `the solution does not give the editable file ${file.name}`,
        });
      }
    }
  }

  let checks: string | undefined;
  let checksLine: number | undefined;
  if (section("checks")) {
    const block = singleBlock(section("checks")!, problems);
    checks = block?.code;
    checksLine = block?.line;
    // A check's name is listed for the learner as written, whether it passes or fails.
    for (const name of block?.code.matchAll(/\btest\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g) ?? []) {
      const problem = escapedTextProblem(name[2] ?? "", block?.line ?? 1, "a check's name");
      if (problem) problems.push(problem);
    }
    if (block && codeLanguage === "sql") {
      try {
        sqlChecksSchema.parse(JSON.parse(block.code)).forEach((check) => {
          for (const [what, text] of [
            ["a check's name", check.name],
            ["a check's message", check.message],
          ] as const) {
            const problem = text.trim()
              ? escapedTextProblem(text, block.line, what)
              : { line: block.line, message: `SQL checks are not valid: ${what} is empty` };
            if (problem) problems.push(problem);
          }
        });
      } catch (error) {
        // A ZodError's message is its issues as multi-line JSON: name each issue instead.
        const detail =
          error instanceof z.ZodError
            ? error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")
            : (error as Error).message.split("\n")[0];
        problems.push({ line: block.line, message: `SQL checks are not valid: ${detail}` });
      }
    }
  }

  const wrong: WrongAnswer[] = [];
  if (section("wrong")) {
    const byCase = new Map<string, { blocks: CodeBlock[] }>();
    section("wrong")!.blocks.forEach((block, i) => {
      const key = typeof block.attrs.case === "string" ? `case-${block.attrs.case}` : `block-${i}`;
      const entry = byCase.get(key) ?? { blocks: [] };
      entry.blocks.push(block);
      byCase.set(key, entry);
    });
    for (const { blocks } of byCase.values()) {
      const expect = blocks
        .map((b) => b.attrs.expect)
        .find((e): e is string => typeof e === "string");
      const first = blocks[0]!;
      const expectProblem = expect && escapedTextProblem(expect, first.line, "expect=");
      if (expectProblem) problems.push(expectProblem);
      if (!expect)
        problems.push({
          line: first.line,
          message: 'a wrong answer needs expect="<text of the failing check message>"',
        });
      const wrongFiles = filesOf({ ...section("wrong")!, blocks }, problems);
      wrong.push({ files: wrongFiles, expect: expect ?? "", line: first.line });
    }
    if (wrong.length === 0)
      problems.push({ line: section("wrong")!.line, message: "give at least one wrong answer" });
  }

  let seed: string | undefined = context.chapterSeed;
  if (section("seed")) seed = singleBlock(section("seed")!, problems)?.code;
  if (codeLanguage === "sql" && (type === "code" || type === "project") && !seed) {
    problems.push({
      line: 1,
      message:
        "an SQL lesson needs a --seed-- section or a seed.sql in its chapter, tutorial or track",
    });
  }

  const hintItems = section("hints") ? parseList(section("hints")!) : [];
  for (const hint of hintItems) problems.push(...rawHtmlProblems(hint.text, hint.line));
  const hints = hintItems.map((h) => renderInline(h.text));

  let question: string | undefined;
  if (section("question")) question = renderBlock(section("question")!.body);

  let choices: Lesson["choices"];
  if (section("choices")) {
    const items = parseList(section("choices")!);
    choices = [];
    for (const item of items) {
      const mark = item.text.match(/^\[( |x|X)\]\s+(.*)$/);
      if (!mark) {
        problems.push({
          line: item.line,
          message: "a choice starts with [x] (right) or [ ] (wrong)",
        });
        continue;
      }
      problems.push(...rawHtmlProblems(mark[2] ?? "", item.line));
      if (item.quote) problems.push(...rawHtmlProblems(item.quote, item.quoteLine ?? item.line));
      choices.push({
        html: renderInline(mark[2] ?? ""),
        correct: mark[1] !== " ",
        ...(item.quote ? { feedback: renderInline(item.quote) } : {}),
      });
    }
    const right = choices.filter((c) => c.correct).length;
    if (right !== 1)
      problems.push({
        line: section("choices")!.line,
        message: `exactly one choice must be right ([x]); found ${right}`,
      });
    if (choices.length - right < 2)
      problems.push({
        line: section("choices")!.line,
        message: "give at least two plausible wrong choices",
      });
    const texts = choices.map((c) => c.html);
    if (new Set(texts).size !== texts.length)
      problems.push({ line: section("choices")!.line, message: "two choices have the same text" });
  }

  let snippet: Lesson["snippet"];
  if (section("snippet")) {
    const block = singleBlock(section("snippet")!, problems);
    if (block) {
      const answers: string[] = [];
      const code = block.code.replace(
        /\[\[(.+?)\]\]/g,
        (_m, token: string) => `[[${answers.push(token) - 1}]]`,
      );
      const distractorItems = section("distractors") ? parseList(section("distractors")!) : [];
      const distractors = distractorItems.map((d) => d.text.replace(/^`(.*)`$/, "$1"));
      // Tokens are shown as plain text, on chips and in the blanks.
      distractorItems.forEach((item, i) => {
        const problem = escapedTextProblem(distractors[i] ?? "", item.line, "a distractor");
        if (problem) problems.push(problem);
      });
      for (const answer of answers) {
        const problem = escapedTextProblem(answer, block.line, "a blank's token");
        if (problem) problems.push(problem);
      }
      if (answers.length === 0)
        problems.push({ line: block.line, message: "the snippet has no [[blank]]" });
      if (distractors.length < 2)
        problems.push({
          line: section("distractors")?.line ?? block.line,
          message: "give at least two distractors",
        });
      for (const d of distractors) {
        if (answers.includes(d))
          problems.push({
            line: section("distractors")!.line,
            message: `distractor "${d}" is also a right token, so two fillings would be right`,
          });
      }
      snippet = { language: block.lang, code, answers, distractors };
    }
  }

  const explanation = section("explanation")?.body ?? "";
  const kindFiles = (files.length ? files : (example ?? [])).map((f) => ({ name: f.name }));
  const lesson: Lesson = {
    id,
    index: context.index,
    slug: context.slug,
    title,
    type,
    codeLanguage,
    kind: lessonKind(kindFiles),
    explanationHtml: explanation ? renderBlock(explanation) : "",
    executableContent: { files },
    ...(solution ? { solution } : {}),
    ...(checks !== undefined ? { checks } : {}),
    ...(fm.data.requires?.length ? { requires: fm.data.requires } : {}),
    ...(seed ? { seed } : {}),
    hints,
    ...(question ? { question } : {}),
    ...(choices ? { choices } : {}),
    ...(snippet ? { snippet } : {}),
    ...(example ? { example } : {}),
  };
  return {
    compiled: {
      lesson,
      wrong,
      survivors: fm.data.survivors ?? [],
      ...(checksLine ? { checksLine } : {}),
    },
    problems,
  };
}
