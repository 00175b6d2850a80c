/**
 * The second landing page of `landing-page-variant` (issue 14), for signed-out visitors in the
 * "variant" bucket: a habit-first pitch (ten minutes a day) with the three steps of a lesson and a
 * taste of the code, where the original leads with the product and the list of languages. The two
 * ways in keep their names ("Start learning", "Create a free account"), so that only the pitch is
 * tested, not the words of the buttons.
 */
import { Link } from "@tanstack/react-router";
import { Button } from "../../../ui/index.ts";

const STEPS = [
  { title: "Read a little", body: "One idea at a time, in plain words, with an example." },
  { title: "Write the code", body: "Type it in the editor; it runs right in your browser." },
  { title: "Get a check", body: "Each lesson tells you what works and exactly what to fix." },
];

export function LandingVariant() {
  return (
    <div className="py-6 sm:py-12" data-experiment="landing-page-variant:variant">
      <section
        aria-labelledby="hero-title"
        className="grid items-center gap-8 rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 p-6 text-white shadow-lg sm:p-10 lg:grid-cols-2"
      >
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-indigo-100">
            Ten minutes a day
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            Make coding a daily habit.
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-indigo-50">
            A short lesson a day adds up: real programs in a week, a finished project in a month.
            Free to start, no installs.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild variant="secondary" size="xl">
              <Link to="/web/redirect-to-active-section">Start learning</Link>
            </Button>
            <Link
              to="/web/register"
              search={{ redirectUrl: undefined }}
              className="inline-flex items-center px-2 py-3 text-base font-semibold text-white underline underline-offset-4"
            >
              Create a free account
            </Link>
          </div>
        </div>
        <figure className="min-w-0">
          <figcaption className="sr-only">A first program in Python</figcaption>
          <pre className="whitespace-pre-wrap break-words rounded-2xl bg-slate-950/80 p-5 font-mono text-sm leading-relaxed text-emerald-200">
            <code>{`name = "Ada"\nfor day in range(1, 4):\n    print(f"Day {day}: keep going, {name}!")`}</code>
          </pre>
        </figure>
      </section>
      <section aria-labelledby="steps-title" className="mt-12">
        <h2 id="steps-title" className="text-xl font-bold">
          How a lesson works
        </h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
            >
              <span
                aria-hidden="true"
                className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-bold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
              >
                {i + 1}
              </span>
              <p className="mt-3 font-semibold">{step.title}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** While the visitor's variant loads: the page's height, without either page's content. */
export function LandingPlaceholder() {
  return <div aria-busy="true" className="min-h-[60vh]" />;
}
