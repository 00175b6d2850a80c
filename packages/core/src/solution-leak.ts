/**
 * The tutor's solution-leak guard (issue 16): does a reply give away the lesson's answer? Pure,
 * so the server runs it on every reply before it is shown and the rule is unit-tested on its own.
 *
 * Code lessons: the solution is tokenised without its comments; its token n-grams that the
 * learner cannot already see (the starter files, the learner's own files) are its secret. The
 * reply is tokenised three ways, as a whole (prose and code), as its code alone (fenced blocks and
 * inline spans joined, so a solution spread over several spans still lines up) and uncovered
 * (base64 decoded, JSON escapes and HTML entities undone, quotes dropped); the reply leaks when
 * it contains at least LEAK_CONTAINMENT of the secret n-grams. Fill-in lessons: the snippet
 * with its blanks filled is the solution and with them empty what the learner sees, and any
 * secret n-gram, or a code span that is an answer, leaks. Choice lessons: the right choice's text.
 * Case, whitespace, quote style and comments make no difference; renamed variables do (a worked
 * example of a similar problem is meant to share the solution's shape, not its text).
 */

/** Share of the solution's secret n-grams a reply may contain before it counts as a leak. */
export const LEAK_CONTAINMENT = 0.5;
/** Token n-gram size (smaller for a solution of fewer tokens). */
export const LEAK_NGRAM = 4;

export interface LeakFile {
  name: string;
  content: string;
}

/** What the guard needs to know of a lesson; all optional, as lessons differ. */
export interface LeakSubject {
  /** The lesson's codeLanguage (comment syntax). */
  language: string;
  /** Code and project lessons: the solution's files. */
  solution?: readonly LeakFile[];
  /** What the learner already sees: the starter files and their own current files. */
  visible?: readonly LeakFile[];
  /** Choice lessons: the right choices' texts (HTML allowed). */
  correctChoices?: readonly string[];
  /** Fill-in lessons: the snippet with blanks written `[[n]]`, and the answers in order. */
  fillIn?: { code: string; answers: readonly string[] };
}

export interface LeakVerdict {
  leaked: boolean;
  /** Share of the secret found in the reply (0..1). */
  containment: number;
  reason: "none" | "code" | "choice" | "fill-in";
}

const COMMENTS: Record<string, RegExp[]> = {
  python: [/#[^\n]*/y],
  sql: [/--[^\n]*/y, /\/\*[\s\S]*?\*\//y],
  html: [/<!--[\s\S]*?-->/y, /\/\*[\s\S]*?\*\//y, /\/\/[^\n]*/y],
  css: [/\/\*[\s\S]*?\*\//y],
};
const C_COMMENTS = [/\/\/[^\n]*/y, /\/\*[\s\S]*?\*\//y];

const STRING = /"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/y;
const NUMBER = /\d+(?:\.\d+)?/y;
const WORD = /[\p{L}_$][\p{L}\p{N}_$]*/uy;
const OPERATOR =
  /===|!==|\*\*=|==|!=|<=|>=|\+=|-=|\*=|\/=|%=|=>|->|\*\*|\/\/|&&|\|\||::|<\/|\/>|[^\s\p{L}\p{N}_$]/uy;
const SPACE = /\s+/y;

function matchAt(pattern: RegExp, text: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0];
}

/**
 * Tokens of code or prose, lowercased; a string literal is one token whatever its quotes.
 * `dropComments`: the comment syntax of that language is skipped (solutions only: a reply's
 * comments may carry the solution too).
 */
export function codeTokens(text: string, dropComments?: string): string[] {
  const comments = dropComments === undefined ? [] : (COMMENTS[dropComments] ?? C_COMMENTS);
  const tokens: string[] = [];
  let at = 0;
  while (at < text.length) {
    const space = matchAt(SPACE, text, at);
    if (space) {
      at += space.length;
      continue;
    }
    const comment = comments.map((p) => matchAt(p, text, at)).find((m) => m !== undefined);
    if (comment) {
      at += comment.length;
      continue;
    }
    const string = matchAt(STRING, text, at);
    if (string) {
      tokens.push(`"${string.slice(1, -1).toLowerCase()}"`);
      at += string.length;
      continue;
    }
    const token =
      matchAt(NUMBER, text, at) ?? matchAt(WORD, text, at) ?? matchAt(OPERATOR, text, at);
    const taken = token ?? text.charAt(at);
    tokens.push(taken.toLowerCase());
    at += taken.length;
  }
  return tokens;
}

/** The code in a Markdown reply: fenced blocks' bodies and inline code spans, in order. */
export function codeSegments(markdown: string): string[] {
  const segments: string[] = [];
  const fence = /^[ \t]*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:^[ \t]*\1[ \t]*$|(?![\s\S]))/gm;
  let rest = markdown.replace(fence, (_all, _f, body: string) => {
    segments.push(body);
    return "\n";
  });
  rest = rest.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_all, _t, body: string) => {
    segments.push(body);
    return " ";
  });
  return segments;
}

/** Prose with the Markdown code markers taken out, so code in running text tokenises as code. */
function withoutCodeMarkers(markdown: string): string {
  return markdown.replace(/^[ \t]*(`{3,}|~{3,})[^\n]*$/gm, " ").replace(/`/g, " ");
}

/** A gram: n tokens in a row, with n in front so grams of different sizes never collide. */
const gram = (tokens: readonly string[]) => `${tokens.length}\u0001${tokens.join("\u0001")}`;
const PUNCTUATION_ONLY = /^[^\p{L}\p{N}"]+$/u;

/**
 * The grams of a piece of code, line by line: each line's n-grams (n = LEAK_NGRAM, or the line's
 * length when shorter), so that what a reply puts between two lines (a comment, prose) never
 * hides them. Lines of one token and grams of punctuation alone say nothing and are skipped.
 */
function lineGrams(code: string, language?: string): Set<string> {
  const grams = new Set<string>();
  for (const line of code.split("\n")) {
    const tokens = codeTokens(line, language);
    if (tokens.length < 2) continue;
    const n = Math.min(LEAK_NGRAM, tokens.length);
    for (let i = 0; i + n <= tokens.length; i += 1) {
      const slice = tokens.slice(i, i + n);
      if (!slice.every((t) => PUNCTUATION_ONLY.test(t))) grams.add(gram(slice));
    }
  }
  return grams;
}

/** Every gram of 2 to LEAK_NGRAM tokens in a stream (a reply, read as one line). */
function streamGrams(tokens: readonly string[]): Set<string> {
  const grams = new Set<string>();
  for (let n = 2; n <= LEAK_NGRAM; n += 1) {
    for (let i = 0; i + n <= tokens.length; i += 1) grams.add(gram(tokens.slice(i, i + n)));
  }
  return grams;
}

function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

function containsSequence(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The reply with what might hide code made plain: base64 runs decoded where they decode to
 * text, HTML entities, escaped newlines and tabs (code inside a JSON string), and quotes taken
 * out (so a string's content tokenises as code).
 */
function uncovered(reply: string): string {
  const decoded = reply.replace(/[A-Za-z0-9+/]{16,}={0,2}/g, (run) => {
    try {
      const text = atob(run);
      return /^[\t\n\r\x20-\x7e]*$/.test(text) ? ` ${text} ` : run;
    } catch {
      return run;
    }
  });
  return htmlText(decoded).replace(/\\n/g, "\n").replace(/\\t/g, " ").replace(/["'`]/g, " ");
}

/** The reply's token streams: everything, its code alone, and everything uncovered. */
function replyStreams(reply: string): string[][] {
  return [
    codeTokens(withoutCodeMarkers(reply)),
    codeTokens(codeSegments(reply).join("\n")),
    codeTokens(uncovered(reply)),
  ];
}

/** Share of SECRET grams found in any of the reply's streams. */
function containmentOf(secret: Set<string>, streams: string[][]): number {
  if (secret.size === 0) return 0;
  const found = new Set<string>();
  for (const stream of streams) {
    for (const g of streamGrams(stream)) if (secret.has(g)) found.add(g);
  }
  return found.size / secret.size;
}

/** The solution's grams the learner cannot already see. */
function secretGrams(solution: readonly string[], visible: readonly string[], language?: string) {
  const known = new Set<string>();
  for (const code of visible) for (const g of lineGrams(code, language)) known.add(g);
  const secret = new Set<string>();
  for (const code of solution)
    for (const g of lineGrams(code, language)) if (!known.has(g)) secret.add(g);
  return secret;
}

/** A code lesson's secret: its solution's grams the learner cannot already see. */
export function codeSecret(subject: LeakSubject): Set<string> {
  return secretGrams(
    (subject.solution ?? []).map((f) => f.content),
    (subject.visible ?? []).map((f) => f.content),
    subject.language,
  );
}

/** A fill-in lesson's secret: the grams of its snippet that hold an answer. */
export function fillInSecret(fillIn: NonNullable<LeakSubject["fillIn"]>): Set<string> {
  const blank = /\[\[(\d+)\]\]/g;
  const filled = fillIn.code.replace(blank, (_m, i: string) => fillIn.answers[Number(i)] ?? "");
  return secretGrams([filled], [fillIn.code.replace(blank, " \u0002 ")]);
}

/** Every gram of a reply, in all its streams: what a secret's grams are looked up in. */
export function replyGrams(reply: string): Set<string> {
  const grams = new Set<string>();
  for (const stream of replyStreams(reply)) for (const g of streamGrams(stream)) grams.add(g);
  return grams;
}

/**
 * The code rule: half the secret found; a solution of one or two secret grams is all-or-nothing
 * (one found is the answer).
 */
export function codeLeaks(secretSize: number, found: number): boolean {
  if (secretSize === 0) return false;
  return found / secretSize >= LEAK_CONTAINMENT || (secretSize <= 2 && found > 0);
}

function codeVerdict(reply: string, subject: LeakSubject): LeakVerdict {
  const secret = codeSecret(subject);
  const containment = containmentOf(secret, replyStreams(reply));
  const leaked = codeLeaks(secret.size, Math.round(containment * secret.size));
  return { leaked, containment, reason: leaked ? "code" : "none" };
}

function fillInVerdict(reply: string, fillIn: NonNullable<LeakSubject["fillIn"]>): LeakVerdict {
  const secret = fillInSecret(fillIn);
  const containment = containmentOf(secret, replyStreams(reply));
  const answers = fillIn.answers.map((a) => codeTokens(a).join(" ")).filter((a) => a.length > 0);
  const spans = codeSegments(reply).map((s) => codeTokens(s).join(" "));
  const leaked = containment > 0 || spans.some((span) => answers.includes(span));
  return { leaked, containment, reason: leaked ? "fill-in" : "none" };
}

/**
 * A choice of several tokens leaks wherever its words appear in order; a one-word choice ("True",
 * "print") only as a code span of its own, so that the tutor may still use the word in prose.
 */
function choiceVerdict(reply: string, choices: readonly string[]): LeakVerdict {
  const streams = replyStreams(reply);
  const spans = codeSegments(reply).map((s) => codeTokens(s).join(" "));
  const leaked = choices.some((choice) => {
    const tokens = codeTokens(htmlText(choice));
    if (tokens.length === 1) return spans.includes(tokens[0] ?? "");
    return streams.some((stream) => containsSequence(stream, tokens));
  });
  return { leaked, containment: leaked ? 1 : 0, reason: leaked ? "choice" : "none" };
}

/** Whether REPLY gives away the lesson's answer (see the module header for the rule). */
export function findSolutionLeak(reply: string, subject: LeakSubject): LeakVerdict {
  const verdicts: LeakVerdict[] = [];
  if (subject.solution?.length) verdicts.push(codeVerdict(reply, subject));
  if (subject.fillIn?.answers.length) verdicts.push(fillInVerdict(reply, subject.fillIn));
  if (subject.correctChoices?.length) verdicts.push(choiceVerdict(reply, subject.correctChoices));
  return (
    verdicts.find((v) => v.leaked) ??
    verdicts.reduce<LeakVerdict>((best, v) => (v.containment > best.containment ? v : best), {
      leaked: false,
      containment: 0,
      reason: "none",
    })
  );
}
