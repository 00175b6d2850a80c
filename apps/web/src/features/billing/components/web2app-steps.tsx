/** The web-to-app flow's steps, with the one the learner is on marked for screen readers too. */
import { CheckIcon } from "./icons.tsx";

const STEPS = ["Choose a plan", "Create your account", "Pay", "Get the app"] as const;

export function Web2AppSteps({ current }: { current: 0 | 1 | 2 | 3 }) {
  return (
    <nav aria-label="Progress" className="mx-auto w-full max-w-2xl">
      <ol className="flex items-start gap-2 text-xs sm:items-center sm:text-sm">
        {STEPS.map((step, index) => {
          const done = index < current;
          const here = index === current;
          return (
            <li
              key={step}
              aria-current={here ? "step" : undefined}
              className="flex flex-1 flex-col items-center gap-1.5 text-center sm:flex-row sm:gap-2 sm:text-left"
            >
              <span
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  done
                    ? "bg-emerald-600 text-white dark:bg-emerald-500 dark:text-slate-950"
                    : here
                      ? "bg-brand-600 text-white"
                      : "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                }`}
              >
                {done ? <CheckIcon className="h-4 w-4" /> : index + 1}
              </span>
              <span
                className={
                  here
                    ? "font-semibold text-slate-900 dark:text-white"
                    : "text-slate-600 dark:text-slate-400"
                }
              >
                {done ? <span className="sr-only">Done: </span> : null}
                {step}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
