/**
 * Syllabus coverage for `npm run content:check`: reads docs/curriculum/<file>.md for a track
 * (the file whose first line is `<!-- syllabus: <slug> -->`), counts covered topics, and checks
 * that everything a covered topic names exists under content/tracks/<slug>/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSyllabus } from "@lumen/content";

export interface Coverage {
  covered: number;
  total: number;
  problems: string[];
}

/**
 * `checkRefs`: whether a name that is not in the content folder is a problem (off when checking
 * another content folder, such as a test's one-chapter copy, which the syllabus does not describe).
 */
export function syllabusCoverage(
  root: string,
  contentDir: string,
  track: string,
  checkRefs = true,
): Coverage {
  const dir = path.join(root, "docs/curriculum");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".md")) : [];
  for (const name of files) {
    const text = readFileSync(path.join(dir, name), "utf8");
    const syllabus = parseSyllabus(text);
    if (syllabus.track !== track) continue;
    const where = `docs/curriculum/${name}`;
    const problems = syllabus.problems.map((p) => `${where}:${p.line}: ${p.message}`);
    for (const topic of checkRefs ? syllabus.topics : []) {
      for (const ref of topic.refs) {
        const at = path.join(contentDir, "tracks", track, ref);
        if (!existsSync(at) && !existsSync(`${at}.md`))
          problems.push(
            `${where}:${topic.line}: "${topic.title}" names ${ref}, which is not in content/tracks/${track}`,
          );
      }
    }
    return {
      covered: syllabus.topics.filter((t) => t.covered).length,
      total: syllabus.topics.length,
      problems,
    };
  }
  return { covered: 0, total: 0, problems: [] };
}
