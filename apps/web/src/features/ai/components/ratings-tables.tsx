/** The ratings page's two views: counts per lesson and hint level, and the latest rated replies. */
import type { AiRatingsAdminAnswer } from "@lumen/contracts";
import { AiMarkdown } from "./ai-markdown.tsx";

type Lessons = AiRatingsAdminAnswer["lessons"];
type Ratings = AiRatingsAdminAnswer["ratings"];

const lessonName = (title: string | null, id: number | null) =>
  id === null ? "Assistant chat" : (title ?? `Lesson ${id}`);

export function RatingsByLesson({ lessons }: { lessons: Lessons }) {
  if (lessons.length === 0) {
    return <p className="p-4 text-sm text-slate-600 dark:text-slate-300">No ratings yet.</p>;
  }
  return (
    <table className="w-full text-left text-sm" data-testid="ai-ratings-lessons">
      <caption className="sr-only">Ratings per lesson and hint level</caption>
      <thead className="bg-slate-50 dark:bg-slate-900">
        <tr>
          <th scope="col" className="px-3 py-2">
            Lesson
          </th>
          <th scope="col" className="px-3 py-2">
            Helpful
          </th>
          <th scope="col" className="px-3 py-2">
            Not helpful
          </th>
          <th scope="col" className="px-3 py-2">
            By hint level (helpful / not)
          </th>
        </tr>
      </thead>
      <tbody>
        {lessons.map((lesson) => (
          <tr
            key={lesson.lessonId ?? "chat"}
            className="border-t border-slate-100 dark:border-slate-800"
          >
            <th scope="row" className="px-3 py-2 font-medium">
              {lessonName(lesson.lessonTitle, lesson.lessonId)}
            </th>
            <td className="px-3 py-2" data-testid="ratings-up">
              {lesson.up}
            </td>
            <td className="px-3 py-2" data-testid="ratings-down">
              {lesson.down}
            </td>
            <td className="px-3 py-2 text-xs">
              {lesson.byHintLevel
                .map(
                  (level) =>
                    `${level.hintLevel === null ? "chat" : `level ${level.hintLevel}`}: ${level.up} / ${level.down}`,
                )
                .join(" · ")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RatingsLatest({ ratings }: { ratings: Ratings }) {
  if (ratings.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No rated replies yet.</p>;
  }
  return (
    <ul className="space-y-3" data-testid="ai-ratings-latest">
      {ratings.map((rating) => (
        <li
          key={rating.messageId}
          className="rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
            <span
              className={`font-semibold ${rating.rating === "up" ? "text-emerald-700 dark:text-emerald-300" : "text-amber-800 dark:text-amber-300"}`}
            >
              {rating.rating === "up" ? "Helpful" : "Not helpful"}
            </span>
            <span>{lessonName(rating.lessonTitle, rating.lessonId)}</span>
            {rating.hintLevel !== null && <span>Hint level {rating.hintLevel}</span>}
            <span>{new Date(rating.createdAt).toLocaleString()}</span>
          </p>
          {rating.reason && <p className="mt-1 italic">“{rating.reason}”</p>}
          <div className="mt-2 max-h-48 overflow-y-auto border-l-2 border-slate-200 pl-3 dark:border-slate-700">
            <AiMarkdown text={rating.reply} />
          </div>
        </li>
      ))}
    </ul>
  );
}
