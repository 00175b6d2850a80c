/**
 * Reads the whole `content/` folder into a catalog: tracks, sections, tutorials, chapters and
 * lessons in order, plus the glossaries. Every mistake is reported as `file:line: what is wrong`
 * and nothing is published while any remains.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type {
  Catalog,
  Chapter,
  CodeLanguage,
  GlossaryTerm,
  Track,
  Tutorial,
} from "@lumen/contracts";
import { CODE_LANGUAGES } from "@lumen/contracts";
import { LineCounter, parseDocument } from "yaml";
import { z } from "zod";
import { checkGlossary } from "./check-glossary.ts";
import { compileLesson, type WrongAnswer } from "./compile-lesson.ts";
import { idProblem, MAX_TRACK_ID } from "./ids.ts";
import { characterReference } from "./markup.ts";
import type { JustifiedSurvivor } from "./mutation/survivors.ts";
import { parseLesson } from "./parse-lesson.ts";

export interface LoadedContent {
  catalog: Catalog;
  /** The authors' wrong answers per lesson id, for the content checks. */
  wrongAnswers: Map<number, WrongAnswer[]>;
  /** The mutants each lesson's author justified letting through (mutation testing). */
  survivors: Map<number, JustifiedSurvivor[]>;
  /** Where each lesson came from, relative to the content folder. */
  lessonFiles: Map<number, string>;
  /** The line of each lesson's --checks-- block. */
  checksLines: Map<number, number>;
  problems: string[];
}

const ORDERED = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

const trackFile = z.strictObject({
  id: z.number().int().min(1).max(MAX_TRACK_ID),
  title: z.string().min(1),
  description: z.string().min(1),
  language: z.enum(CODE_LANGUAGES),
  sections: z
    .array(z.strictObject({ title: z.string().min(1), tutorials: z.array(z.string()).min(1) }))
    .min(1),
});
const tutorialFile = z.strictObject({
  id: z.number().int().positive(),
  title: z.string().min(1),
  description: z.string().min(1),
  project: z.boolean().default(false),
});
const chapterFile = z.strictObject({ id: z.number().int().positive(), title: z.string().min(1) });
const glossaryFile = z.strictObject({
  language: z.string(),
  terms: z
    .array(
      z.strictObject({
        slug: z.string().regex(/^[a-z0-9-]+$/),
        term: z.string().min(1),
        definition: z.string().min(1),
        example: z.string().min(1),
        related: z.array(z.string()).default([]),
      }),
    )
    .min(1),
});

function readYaml<T extends z.ZodType>(
  file: string,
  schema: T,
  problems: string[],
  root: string,
  /** Every value is shown as plain text (titles, descriptions), not as code or markup. */
  plainText = true,
): z.infer<T> | undefined {
  const rel = path.relative(root, file);
  if (!existsSync(file)) {
    problems.push(`${rel}:1: file is missing`);
    return undefined;
  }
  const text = readFileSync(file, "utf8");
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  for (const error of doc.errors) {
    problems.push(
      `${rel}:${lineCounter.linePos(error.pos[0]).line}: ${error.message.split("\n")[0]}`,
    );
  }
  if (doc.errors.length) return undefined;
  // A character reference in plain text would show as written.
  (plainText ? text.split("\n") : []).forEach((line, i) => {
    const reference = characterReference(line.replace(/^\s*#.*$/, ""));
    if (reference) {
      problems.push(
        `${rel}:${i + 1}: this text is shown as plain text, so ${reference} would show as written: type the character itself`,
      );
    }
  });
  const result = schema.safeParse(doc.toJS());
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const node = doc.getIn(issue.path as (string | number)[], true) as
      | { range?: [number] }
      | undefined;
    const line = node?.range ? lineCounter.linePos(node.range[0]).line : 1;
    problems.push(`${rel}:${line}: ${issue.path.join(".") || "(file)"}: ${issue.message}`);
  }
  return undefined;
}

function orderedEntries(dir: string, problems: string[], root: string, kind: "dir" | "md") {
  const entries: Array<{ index: number; slug: string; full: string }> = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const isDir = statSync(full).isDirectory();
    if (kind === "dir" ? !isDir : isDir || !name.endsWith(".md")) continue;
    const base = kind === "md" ? name.slice(0, -3) : name;
    const match = base.match(ORDERED);
    if (!match) {
      problems.push(
        `${path.relative(root, full)}:1: name must be NN-slug (two digits, then lowercase words joined by -)`,
      );
      continue;
    }
    entries.push({ index: Number(match[1]), slug: match[2]!, full });
  }
  return entries;
}

export function loadContent(contentDir: string): LoadedContent {
  const root = path.resolve(contentDir);
  const problems: string[] = [];
  const wrongAnswers = new Map<number, WrongAnswer[]>();
  const survivors = new Map<number, JustifiedSurvivor[]>();
  const lessonFiles = new Map<number, string>();
  const checksLines = new Map<number, number>();
  const seenIds = new Map<string, string>();
  const claimId = (level: string, id: number, where: string) => {
    const key = `${level}:${id}`;
    const previous = seenIds.get(key);
    if (previous) problems.push(`${where}:1: ${level} id ${id} is already used by ${previous}`);
    else seenIds.set(key, where);
  };

  const tracks: Track[] = [];
  const tracksDir = path.join(root, "tracks");
  for (const slug of existsSync(tracksDir) ? readdirSync(tracksDir).sort() : []) {
    const trackDir = path.join(tracksDir, slug);
    if (!statSync(trackDir).isDirectory()) continue;
    const trackYaml = path.join(trackDir, "track.yaml");
    const meta = readYaml(trackYaml, trackFile, problems, root);
    if (!meta) continue;
    const trackWhere = path.relative(root, trackYaml);
    claimId("track", meta.id, trackWhere);

    const tutorials: Tutorial[] = [];
    for (const tutorialEntry of orderedEntries(trackDir, problems, root, "dir")) {
      const tutorialYaml = path.join(tutorialEntry.full, "tutorial.yaml");
      const tutorialMeta = readYaml(tutorialYaml, tutorialFile, problems, root);
      if (!tutorialMeta) continue;
      const tutorialWhere = path.relative(root, tutorialYaml);
      claimId("tutorial", tutorialMeta.id, tutorialWhere);
      const tutorialIdProblem = idProblem("tutorial", tutorialMeta.id, meta.id);
      if (tutorialIdProblem) problems.push(`${tutorialWhere}:1: ${tutorialIdProblem}`);
      const chapters: Chapter[] = [];
      for (const chapterEntry of orderedEntries(tutorialEntry.full, problems, root, "dir")) {
        const chapterYaml = path.join(chapterEntry.full, "chapter.yaml");
        const chapterMeta = readYaml(chapterYaml, chapterFile, problems, root);
        if (!chapterMeta) continue;
        const chapterWhere = path.relative(root, chapterYaml);
        claimId("chapter", chapterMeta.id, chapterWhere);
        const chapterIdProblem = idProblem("chapter", chapterMeta.id, tutorialMeta.id);
        if (chapterIdProblem) problems.push(`${chapterWhere}:1: ${chapterIdProblem}`);
        // The nearest seed.sql wins: the chapter's, else the tutorial's, else the track's.
        const seedFile = [chapterEntry.full, tutorialEntry.full, trackDir]
          .map((dir) => path.join(dir, "seed.sql"))
          .find((file) => existsSync(file));
        const chapterSeed = seedFile ? readFileSync(seedFile, "utf8") : undefined;
        const lessons = [];
        for (const [i, lessonEntry] of orderedEntries(
          chapterEntry.full,
          problems,
          root,
          "md",
        ).entries()) {
          const rel = path.relative(root, lessonEntry.full);
          const parsed = parseLesson(readFileSync(lessonEntry.full, "utf8"));
          const { compiled, problems: lessonProblems } = compileLesson(parsed, {
            index: i,
            slug: lessonEntry.slug,
            trackLanguage: meta.language as CodeLanguage,
            chapterSeed,
          });
          for (const p of lessonProblems) problems.push(`${rel}:${p.line}: ${p.message}`);
          if (!compiled) continue;
          claimId("lesson", compiled.lesson.id, rel);
          const lessonIdProblem = idProblem("lesson", compiled.lesson.id, chapterMeta.id);
          if (lessonIdProblem) problems.push(`${rel}:2: ${lessonIdProblem}`);
          if (
            tutorialMeta.project !== (compiled.lesson.type === "project") &&
            compiled.lesson.type !== "explanation"
          ) {
            if (compiled.lesson.type === "project") {
              problems.push(`${rel}:2: a project lesson belongs in a tutorial with project: true`);
            }
          }
          lessons.push(compiled.lesson);
          lessonFiles.set(compiled.lesson.id, rel);
          wrongAnswers.set(compiled.lesson.id, compiled.wrong);
          survivors.set(compiled.lesson.id, compiled.survivors);
          if (compiled.checksLine) checksLines.set(compiled.lesson.id, compiled.checksLine);
        }
        if (lessons.length < 5 || lessons.length > 10) {
          problems.push(
            `${chapterWhere}:1: a chapter has 5 to 10 lessons; this one has ${lessons.length}`,
          );
        }
        chapters.push({
          id: chapterMeta.id,
          slug: chapterEntry.slug,
          title: chapterMeta.title,
          lessons,
        });
      }
      tutorials.push({
        id: tutorialMeta.id,
        slug: tutorialEntry.slug,
        title: tutorialMeta.title,
        description: tutorialMeta.description,
        project: tutorialMeta.project,
        chapters,
      });
    }

    const sections = meta.sections.map((section, index) => ({
      index,
      title: section.title,
      tutorialIds: section.tutorials.map((tutorialSlug) => {
        const tutorial = tutorials.find((t) => t.slug === tutorialSlug);
        if (!tutorial)
          problems.push(
            `${trackWhere}:1: section "${section.title}" names unknown tutorial ${tutorialSlug}`,
          );
        return tutorial?.id ?? 0;
      }),
    }));
    for (const tutorial of tutorials) {
      const count = meta.sections.filter((s) => s.tutorials.includes(tutorial.slug)).length;
      if (count !== 1)
        problems.push(
          `${trackWhere}:1: tutorial ${tutorial.slug} must be in exactly one section (found in ${count})`,
        );
    }
    tracks.push({
      id: meta.id,
      slug,
      title: meta.title,
      description: meta.description,
      language: meta.language as CodeLanguage,
      version: 1,
      sections,
      tutorials,
    });
  }

  const glossary: Record<string, GlossaryTerm[]> = {};
  const glossaryDir = path.join(root, "glossary");
  for (const name of existsSync(glossaryDir) ? readdirSync(glossaryDir).sort() : []) {
    if (!name.endsWith(".yaml")) continue;
    const file = path.join(glossaryDir, name);
    // A glossary's examples are code, where a character reference can be the point.
    const data = readYaml(file, glossaryFile, problems, root, false);
    if (!data) continue;
    const glossaryProblems = checkGlossary({
      file: path.relative(root, file),
      text: readFileSync(file, "utf8"),
      data,
    });
    problems.push(...glossaryProblems);
    if (glossaryProblems.length === 0) glossary[data.language] = data.terms;
  }

  return {
    catalog: { tracks, glossary },
    wrongAnswers,
    survivors,
    lessonFiles,
    checksLines,
    problems,
  };
}
