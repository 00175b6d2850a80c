/** The landing page: what the product is, and the way in. */
import { Link } from "@tanstack/react-router";
import { config } from "../../lib/config.ts";
import { Button, Card } from "../../ui/index.ts";
import { useLandingExperiment } from "../experiments/components/landing-experiment.tsx";
import { ExampleFlagNotice } from "../flags/components/example-flag-notice.tsx";

/** The starter tracks, by their stable ids (content/tracks/<slug>/track.yaml). */
const LANGUAGES = [
  { trackId: 1, name: "Python", blurb: "Your first programs, step by step." },
  { trackId: 2, name: "JavaScript", blurb: "The language of the web." },
  { trackId: 3, name: "HTML & CSS", blurb: "Build and style real pages." },
  { trackId: 4, name: "SQL", blurb: "Ask questions of your data." },
  { trackId: 5, name: "React & TypeScript", blurb: "Interactive apps, typed." },
];

export function Home() {
  // landing-page-variant (issue 14): the second landing page for visitors in its bucket.
  const landingExperiment = useLandingExperiment();
  if (landingExperiment) return landingExperiment;
  return (
    <div className="py-6 sm:py-12">
      <ExampleFlagNotice />
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
          <Button asChild variant="brand" size="xl">
            <Link to="/web/redirect-to-active-section">Start learning</Link>
          </Button>
          <Button asChild variant="secondary" size="xl">
            <Link to="/web/register" search={{ redirectUrl: undefined }}>
              Create a free account
            </Link>
          </Button>
        </div>
      </section>
      <section aria-labelledby="tracks-title" className="mt-16">
        <h2 id="tracks-title" className="text-xl font-bold">
          Pick a language
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {LANGUAGES.map((lang) => (
            <li key={lang.name}>
              <Card
                asChild
                interactive
                padding="sm"
                className="block h-full hover:border-brand-500 dark:hover:border-brand-500"
              >
                <Link
                  to="/web/$trackId/section/$sectionIndex"
                  params={{ trackId: String(lang.trackId), sectionIndex: "0" }}
                >
                  <span className="font-semibold">{lang.name}</span>
                  <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                    {lang.blurb}
                  </span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
