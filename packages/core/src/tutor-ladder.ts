/**
 * The AI tutor's teaching ladder (issue 16): it teaches instead of solving, climbing one rung each
 * time the learner asks again about the same lesson: a question back to the learner, a pointer at
 * the line, a hint, then a worked example of a similar problem. The lesson's own solution is a
 * rung apart: only when the learner asked for it with the chat's button and the lesson lets them
 * see its solution. Pure; the server picks the rung, the prompt says what it means, and a reply
 * the leak guard stops is replaced by `safeReply` of the same rung.
 */

export const TUTOR_LADDER = ["question", "pointer", "hint", "example", "solution"] as const;
export type TutorRung = (typeof TUTOR_LADDER)[number];

/** The rung's number as stored with the reply (ai_messages.hint_level): 1 to 5. */
export function rungLevel(rung: TutorRung): number {
  return TUTOR_LADDER.indexOf(rung) + 1;
}

export function rungOfLevel(level: number | null | undefined): TutorRung | undefined {
  return level ? TUTOR_LADDER[level - 1] : undefined;
}

export interface RungInput {
  /** The learner's earlier questions to the tutor on this lesson (this one not counted). */
  askedBefore: number;
  /** The learner pressed "show me the solution". */
  revealSolution: boolean;
  /** The lesson has a solution the learner may see (code and project lessons). */
  solutionAllowed: boolean;
}

/** The rung for this reply: one higher with each question asked, up to the worked example. */
export function tutorRung({ askedBefore, revealSolution, solutionAllowed }: RungInput): TutorRung {
  if (revealSolution && solutionAllowed) return "solution";
  const climbing = ["question", "pointer", "hint", "example"] as const;
  return (
    climbing[Math.min(Math.max(0, Math.floor(askedBefore)), climbing.length - 1)] ?? "question"
  );
}

/** What the rung asks of the model, for the system prompt. */
export function rungInstruction(rung: TutorRung): string {
  switch (rung) {
    case "question":
      return "Reply with one or two guiding questions that lead the learner to find the problem themselves. Do not write the code for them.";
    case "pointer":
      return "Point at the line (or the part) of the learner's code where the problem is, quote that line, and say what to look at there. Do not write the corrected code.";
    case "hint":
      return "Give one concrete hint about the idea or the function the learner needs, in words. Do not write the corrected code.";
    case "example":
      return "Show a short worked example of a similar but different problem (other names, other data, another task), explain it, and let the learner carry the idea over. Never solve the lesson's own task.";
    case "solution":
      return "The learner asked to see the solution and this lesson allows it: show the reference solution and explain it step by step.";
  }
}

export interface SafeReplyContext {
  /** The first failing check's message, if the last run failed one. */
  failingCheck?: string;
  /** The author's next hint the learner has not opened yet. */
  nextHint?: string;
}

/**
 * The reply shown instead of one that gave the answer away: still a step on the same rung, in the
 * learner's words, never the solution.
 */
export function safeReply(rung: TutorRung, context: SafeReplyContext = {}): string {
  const intro = "I can't hand you the answer to this lesson, but here is a step towards it.";
  const check = context.failingCheck ? ` The check says: "${context.failingCheck}".` : "";
  switch (rung) {
    case "question":
    case "solution":
      return `${intro}${check} What do you expect your code to do, line by line, and where does what you see first differ from that?`;
    case "pointer":
      return `${intro}${check} Find the line that produces the value this check looks at, and compare what it gives with what the task asks for.`;
    case "hint":
      return context.nextHint
        ? `${intro} Hint: ${context.nextHint}`
        : `${intro}${check} Re-read the task's last sentence and name the one thing your code does not do yet; then look up how to do just that.`;
    case "example":
      return `${intro} Try the idea on a smaller case first: write a two-line program that does the same kind of thing with other values, run it, and then apply what you learned to the task.`;
  }
}
