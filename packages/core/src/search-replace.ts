/**
 * The builder agent's partial edits (issue 18, enablePartialFileReplacement): replace one passage
 * of a file with another, the way coding agents send them (Aider's and Cline's search/replace
 * blocks). First an exact match; then a match that ignores differences of indentation and trailing
 * spaces line by line (models often get whitespace wrong), re-indenting the replacement to the
 * file's own indentation; when neither finds the passage exactly once, the edit fails and the
 * agent is told to send the whole file instead (the full rewrite, its fallback).
 */

export type EditMethod = "exact" | "whitespace" | "rewrite";

export type SearchReplaceResult =
  | { ok: true; content: string; method: Exclude<EditMethod, "rewrite"> }
  | { ok: false; reason: "not_found" | "ambiguous" | "empty_search"; message: string };

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    found.push(at);
    if (found.length > 1) break;
  }
  return found;
}

const normalise = (line: string) => line.trim().replace(/\s+/g, " ");

function leadingSpace(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? "";
}

/** Lines of `search` (trimmed of blank lines at both ends) matched against `lines` loosely. */
function looseMatches(lines: string[], search: string[]): number[] {
  const found: number[] = [];
  for (let start = 0; start + search.length <= lines.length; start++) {
    let same = true;
    for (let i = 0; i < search.length; i++) {
      if (normalise(lines[start + i] ?? "") !== normalise(search[i] ?? "")) {
        same = false;
        break;
      }
    }
    if (same) found.push(start);
    if (found.length > 1) break;
  }
  return found;
}

function trimBlankEnds(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]?.trim() === "") start++;
  while (end > start && lines[end - 1]?.trim() === "") end--;
  return lines.slice(start, end);
}

export function applySearchReplace(
  content: string,
  search: string,
  replace: string,
): SearchReplaceResult {
  if (search.trim() === "") {
    return {
      ok: false,
      reason: "empty_search",
      message: "The passage to find is empty. Send the whole file with write_file instead.",
    };
  }
  const exact = occurrences(content, search);
  if (exact.length === 1) {
    const at = exact[0] ?? 0;
    return {
      ok: true,
      method: "exact",
      content: content.slice(0, at) + replace + content.slice(at + search.length),
    };
  }
  if (exact.length > 1) {
    return {
      ok: false,
      reason: "ambiguous",
      message:
        "The passage appears more than once. Include more of the lines around it so that it matches one place.",
    };
  }
  const newline = content.includes("\r\n") ? "\r\n" : "\n";
  const lines = content.split(/\r?\n/);
  const searchLines = trimBlankEnds(search.split(/\r?\n/));
  const loose = looseMatches(lines, searchLines);
  if (loose.length !== 1) {
    return {
      ok: false,
      reason: loose.length > 1 ? "ambiguous" : "not_found",
      message:
        loose.length > 1
          ? "The passage appears more than once. Include more of the lines around it so that it matches one place."
          : "The passage was not found in the file, even ignoring spaces. Read the file again, or send the whole file with write_file.",
    };
  }
  const start = loose[0] ?? 0;
  // The replacement keeps its own relative indentation, moved to where the file's passage sits.
  const fileIndent = leadingSpace(lines[start] ?? "");
  const searchIndent = leadingSpace(searchLines[0] ?? "");
  const shift = fileIndent.length - searchIndent.length;
  const indentChar = fileIndent[0] ?? searchIndent[0] ?? " ";
  const replaceLines = trimBlankEnds(replace.split(/\r?\n/)).map((line) => {
    if (line.trim() === "") return "";
    if (line.startsWith(searchIndent)) return fileIndent + line.slice(searchIndent.length);
    const own = leadingSpace(line).length;
    return indentChar.repeat(Math.max(0, own + shift)) + line.trimStart();
  });
  const next = [
    ...lines.slice(0, start),
    ...replaceLines,
    ...lines.slice(start + searchLines.length),
  ];
  return { ok: true, method: "whitespace", content: next.join(newline) };
}
