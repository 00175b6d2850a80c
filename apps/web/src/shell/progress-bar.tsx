/** A thin bar at the top of the page while a route change is pending; never a spinner. */
import { useRouterState } from "@tanstack/react-router";

export function RouteProgressBar() {
  const pending = useRouterState({ select: (s) => s.status === "pending" || s.isLoading });
  if (!pending) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      data-testid="route-progress"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100 dark:bg-brand-700/30"
    >
      <div className="route-progress-bar h-full w-full origin-left bg-brand-600 dark:bg-brand-500" />
    </div>
  );
}
