/**
 * The `glossary-fixed-cta-variations` experiment's call to action (issue 14): for the
 * "variant_learn_daily" bucket, "Learn daily" fixed to the bottom of the window, leading to the
 * tracks. The original has none.
 */
import { Link } from "@tanstack/react-router";
import { useVariant } from "../../experiments/use-variant.ts";

export function GlossaryCallToAction() {
  const { variant } = useVariant("glossary-fixed-cta-variations");
  return variant === "variant_learn_daily" ? <LearnDailyBar /> : null;
}

function LearnDailyBar() {
  return (
    <>
      {/* Room under the page's end, so that the bar never covers it. */}
      <div aria-hidden="true" className="h-24" />
      <aside
        aria-label="Learn daily"
        data-experiment="glossary-fixed-cta-variations:variant_learn_daily"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-indigo-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur dark:border-indigo-900 dark:bg-slate-900/95"
      >
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 text-sm text-slate-700 dark:text-slate-200">
            <span className="font-bold text-indigo-700 dark:text-indigo-300">Learn daily</span> —
            ten minutes a day turns these terms into code you can write.
          </p>
          <Link
            to="/web/tracks"
            className="inline-flex shrink-0 items-center justify-center rounded-xl bg-indigo-600 px-4 py-2.5 text-sm font-bold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Start a lesson
          </Link>
        </div>
      </aside>
    </>
  );
}
