/**
 * What the output panel's console shows (issue 13, item 6): each thing once, as a terminal would.
 * An error or a time limit has its own box under the console, so the runner's copy of it in the
 * console (Python's traceback, JavaScript's "Uncaught …", the time-limit note) is left out; and an
 * answer typed for input() is echoed after its prompt with its newline.
 */
import type { ConsoleEntry, RunError } from "@lumen/contracts";

/** Where a runner's report of the error starts, when it reports more than the message. */
const ERROR_STARTS = ["Traceback (most recent call last):", "Uncaught "];

/**
 * The console without the runner's own report of `error`: an entry (not the program's stdout)
 * that holds the message loses it from where the report starts (the traceback, or the line) to
 * its end; an entry left empty goes.
 */
export function withoutErrorReport(
  lines: readonly ConsoleEntry[],
  error: Pick<RunError, "message"> | undefined,
): ConsoleEntry[] {
  const message = error?.message.trim();
  if (!message) return [...lines];
  const kept: ConsoleEntry[] = [];
  for (const entry of lines) {
    const at = entry.stream === "stdout" ? -1 : entry.text.lastIndexOf(message);
    if (at < 0) {
      kept.push(entry);
      continue;
    }
    const lineStart = entry.text.lastIndexOf("\n", at - 1) + 1;
    const starts = ERROR_STARTS.map((marker) => entry.text.indexOf(marker)).filter(
      (i) => i >= 0 && i <= at,
    );
    const cut = Math.min(lineStart, ...starts);
    const rest = entry.text.slice(0, cut);
    if (rest.trim()) kept.push({ ...entry, text: rest });
  }
  return kept;
}

/**
 * The console after the learner answered `prompt` with `answer`: the answer and a newline follow
 * the prompt the program printed, as a terminal echoes what is typed; if the prompt is not the
 * console's last text, the prompt and the answer make a line of their own.
 */
export function echoAnswer(
  lines: readonly ConsoleEntry[],
  prompt: string,
  answer: string,
): ConsoleEntry[] {
  const last = lines.at(-1);
  if (last && last.stream === "stdout" && last.text.endsWith(prompt) && !last.text.endsWith("\n")) {
    return [...lines.slice(0, -1), { ...last, text: `${last.text}${answer}\n` }];
  }
  return [...lines, { stream: "stdout", text: `${prompt}${answer}\n` }];
}
