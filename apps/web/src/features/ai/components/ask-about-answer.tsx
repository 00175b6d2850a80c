/**
 * The tutor chat about a choice or fill-in lesson (issue 16), opened by "Ask {product} AI"
 * (ask-ai-button.tsx) after a wrong answer, with the learner's answer as its context. Its code
 * loads when the learner asks, so the lesson's first paint carries only the button.
 */
import { lazy, Suspense } from "react";
import { importWhenOnline } from "../../../offline/stale-chunk.ts";
import type { LessonState } from "../lib/tutor-context.ts";

const TutorChat = lazy(() =>
  importWhenOnline(() => import("./tutor-chat.tsx")).then((m) => ({ default: m.TutorChat })),
);

export function AnswerTutorChat({
  place,
  answer,
  analytics,
}: {
  place: LessonState["place"];
  /** The answer as the learner gave it, read when they send. */
  answer: () => string | undefined;
  analytics: Record<string, string | number>;
}) {
  return (
    <div className="mt-4">
      <Suspense fallback={null}>
        <TutorChat
          autoFocus
          analytics={analytics}
          fileName=""
          context={() => ({ place, files: [], result: undefined, hintsShown: 0, answer: answer() })}
        />
      </Suspense>
    </div>
  );
}
