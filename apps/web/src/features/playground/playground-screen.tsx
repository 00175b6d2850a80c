/**
 * The runner playground's route screen: the tool for course engineers, and for anyone else a
 * page that says what the tool is and who it is for. The tool's code (and the runners behind it)
 * loads only for course engineers.
 */
import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useIsCourseEngineer } from "../../shell/dev-toolbar.tsx";
import { Badge, Button } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";

const RunnerPlayground = lazy(() =>
  import("./components/runner-playground.tsx").then((m) => ({ default: m.RunnerPlayground })),
);

export function PlaygroundScreen() {
  const isEngineer = useIsCourseEngineer();
  if (!isEngineer) return <ForCourseEngineers />;
  return (
    <Suspense
      fallback={
        <p role="status" className="py-16 text-center text-slate-500 dark:text-slate-400">
          Loading the playground…
        </p>
      }
    >
      <RunnerPlayground />
    </Suspense>
  );
}

export function ForCourseEngineers() {
  const { user } = useAuth();
  return (
    <section aria-labelledby="playground-title" className="mx-auto max-w-2xl py-10">
      <Badge tone="warning" size="md">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
          <path
            fillRule="evenodd"
            d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
            clipRule="evenodd"
          />
        </svg>
        For course engineers
      </Badge>
      <h1 id="playground-title" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
        The runner playground is for course engineers
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-600 dark:text-slate-300">
        Course engineers use this page to try every code runner and check lessons before they ship.
        Your account{user ? ` (${user.email})` : ""} does not have the course engineer role, so the
        tool is not shown.
      </p>
      <p className="mt-3 leading-relaxed text-slate-600 dark:text-slate-300">
        To write and run code, open a lesson: every lesson has its own editor and Run button.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild variant="brand" size="xl">
          <Link to="/web/redirect-to-active-section">Continue learning</Link>
        </Button>
        <Button asChild variant="secondary" size="xl">
          <Link to="/">Back to the start</Link>
        </Button>
      </div>
    </section>
  );
}
