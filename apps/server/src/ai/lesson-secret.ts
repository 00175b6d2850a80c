/**
 * What of a lesson the tutor must not give away, in the leak guard's terms (@lumen/core
 * solution-leak.ts): a code lesson's solution files, a choice lesson's right choices, a fill-in
 * lesson's answers; and what the learner already sees (the starter files and their own files),
 * which is no secret. Also whether the lesson lets the learner see its solution: the lesson
 * screen's "Show the solution" exists for lessons with solution files, so the tutor may show it
 * there too, when asked with the chat's button.
 */
import type { Lesson } from "@lumen/contracts";
import type { LeakSubject } from "@lumen/core";

export function leakSubjectOf(
  lesson: Lesson,
  learnerFiles: ReadonlyArray<{ name: string; content: string }>,
): LeakSubject {
  return {
    language: lesson.codeLanguage,
    solution: lesson.solution,
    visible: [...lesson.executableContent.files.filter((f) => !f.hidden), ...learnerFiles],
    correctChoices: lesson.choices?.filter((c) => c.correct).map((c) => c.html),
    fillIn: lesson.snippet
      ? { code: lesson.snippet.code, answers: lesson.snippet.answers }
      : undefined,
  };
}

export function solutionAllowed(lesson: Lesson): boolean {
  return (
    (lesson.type === "code" || lesson.type === "project") && (lesson.solution?.length ?? 0) > 0
  );
}
