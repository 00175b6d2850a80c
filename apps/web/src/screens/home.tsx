/** The landing page: what the product is, and the way in. */
import { Link } from "@tanstack/react-router";
import { config } from "../lib/config.ts";

/** The starter tracks, by their stable ids (content/tracks/<slug>/track.yaml). */
const LANGUAGES = [
  { trackId: 1, name: "Python", blurb: "Your first programs, step by step." },
  { trackId: 2, name: "JavaScript", blurb: "The language of the web." },
  { trackId: 3, name: "HTML & CSS", blurb: "Build and style real pages." },
  { trackId: 4, name: "SQL", blurb: "Ask questions of your data." },
  { trackId: 5, name: "React & TypeScript", blurb: "Interactive apps, typed." },
];

export function Home() {
  return (
    <div className="py-6 sm:py-12">
      <section aria-labelledby="hero-title" className="max-w-3xl">
        <h1
          id="hero-title"
          className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
        >
          Learn to code, one small win at a time.
        </h1>
        <p className="mt-5 text-lg leading-relaxed text-slate-600 dark:text-slate-300">
          Short lessons, real code that runs right in your browser, and checks that tell you exactly
          what to fix. Keep a streak, meet your daily goal, and ask {config.assistantName} when you
          are stuck.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/web/redirect-to-active-section"
            className="rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Start learning
          </Link>
          <Link
            to="/web/register"
            search={{ redirectUrl: undefined }}
            className="rounded-xl border border-slate-300 px-6 py-3 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
          >
            Create a free account
          </Link>
        </div>
      </section>
      <section aria-labelledby="tracks-title" className="mt-16">
        <h2 id="tracks-title" className="text-xl font-bold">
          Pick a language
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {LANGUAGES.map((lang) => (
            <li key={lang.name}>
              <Link
                to="/web/$trackId/section/$sectionIndex"
                params={{ trackId: String(lang.trackId), sectionIndex: "0" }}
                className="block h-full rounded-2xl border border-slate-200 p-4 transition hover:border-brand-500 hover:shadow-sm dark:border-slate-800 dark:bg-slate-900/50 dark:hover:border-brand-500"
              >
                <span className="font-semibold">{lang.name}</span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                  {lang.blurb}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
