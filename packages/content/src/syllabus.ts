/**
 * Syllabus files (docs/curriculum/<track>.md, issue 20): a standard beginner syllabus per track,
 * each topic a task-list line a machine can read. `- [x] Topic — \`01-tutorial/02-chapter\``
 * is covered by the tutorials, chapters or lessons named in backticks (paths under the track's
 * folder); `- [ ] Topic` is a gap. The first line names the track: `<!-- syllabus: python -->`.
 */

export interface SyllabusTopic {
  title: string;
  covered: boolean;
  /** Paths under content/tracks/<track>/ that teach the topic. */
  refs: string[];
  line: number;
}

export interface Syllabus {
  track?: string;
  topics: SyllabusTopic[];
  problems: Array<{ line: number; message: string }>;
}

const TOPIC = /^\s*[-*]\s+\[( |x|X)\]\s+(.+)$/;
const REF = /`(\d{2}-[a-z0-9-]+(?:\/\d{2}-[a-z0-9-]+){0,2})`/g;

export function parseSyllabus(text: string): Syllabus {
  const lines = text.split("\n");
  const track = lines[0]?.match(/^<!--\s*syllabus:\s*([a-z0-9-]+)\s*-->/)?.[1];
  const problems: Syllabus["problems"] = [];
  if (!track)
    problems.push({ line: 1, message: "the first line must be <!-- syllabus: <track slug> -->" });
  const topics: SyllabusTopic[] = [];
  lines.forEach((raw, i) => {
    const match = raw.match(TOPIC);
    if (!match) return;
    const body = match[2] ?? "";
    const refs = [...body.matchAll(REF)].map((m) => m[1]!);
    const covered = match[1] !== " ";
    const title = body.split(/\s+[—-]\s+/)[0]!.trim();
    if (covered && refs.length === 0)
      problems.push({
        line: i + 1,
        message: `"${title}" is marked covered: name what covers it, e.g. \`01-tutorial/02-chapter\``,
      });
    topics.push({ title, covered, refs, line: i + 1 });
  });
  return { ...(track ? { track } : {}), topics, problems };
}
