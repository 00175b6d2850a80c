/** A screen's introduction: what it is for, in the product's voice, with a way onward. */
import { Link, useMatches } from "@tanstack/react-router";
import { Button } from "../../ui/index.ts";
import { SCREEN_COPY } from "./lib/screen-copy.ts";

export function AreaIntro() {
  const screen = useMatches({ select: (matches) => matches.at(-1)?.staticData.screen });
  const copy = screen ? SCREEN_COPY[screen] : undefined;
  if (!copy) return null;
  return (
    <section aria-labelledby="screen-title" className="mx-auto max-w-2xl py-10">
      <h1 id="screen-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {copy.heading}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600 dark:text-slate-300">{copy.body}</p>
      <div className="mt-8">
        <Button asChild variant="brand" size="xl">
          <Link to="/">Back to the start</Link>
        </Button>
      </div>
    </section>
  );
}
