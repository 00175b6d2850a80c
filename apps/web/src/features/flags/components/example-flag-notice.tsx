/**
 * What `exampleFlag` changes (issue 14): a notice on the home page, so that turning the flag on
 * for someone has a visible effect an operator and the e2e test can check.
 */
import { useFlag } from "../flags-provider.tsx";

export function ExampleFlagNotice() {
  if (!useFlag("exampleFlag")) return null;
  return (
    <section
      aria-labelledby="example-flag-title"
      className="mb-6 rounded-lg border border-brand-300 bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:border-brand-700 dark:bg-brand-950 dark:text-brand-100"
    >
      <h2 id="example-flag-title" className="font-semibold">
        Example flag is on
      </h2>
      <p className="mt-1">You see this because the exampleFlag feature flag is on for you.</p>
    </section>
  );
}
