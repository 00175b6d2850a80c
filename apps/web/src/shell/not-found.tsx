/** The page for an address that does not exist. */
import { Link } from "@tanstack/react-router";
import { config } from "../lib/config.ts";
import { Button } from "../ui/index.ts";

export function NotFound() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl py-16 text-center">
      <title>{`Page not found · ${config.productName}`}</title>
      <p className="font-mono text-sm font-semibold text-brand-600 dark:text-brand-500">404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        We could not find that page
      </h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        The address may be mistyped, or the page may have moved. Your progress is safe.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild variant="brand" size="xl">
          <Link to="/">Go to the home page</Link>
        </Button>
        <Button asChild variant="secondary" size="xl">
          <Link to="/web/library">Browse the library</Link>
        </Button>
      </div>
    </section>
  );
}
