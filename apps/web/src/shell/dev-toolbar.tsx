/**
 * The developer toolbar of course engineers and admins (issue 14): a strip under the header on
 * every screen of the shell with the feature-flag override control. Nobody else gets it, nor its
 * code: the control is a chunk of its own, loaded only for those roles. The roles are the ones
 * the browser knows, which the flags reads keep current (flags-provider.tsx); the server applies
 * the override cookie for these roles alone whatever the browser shows.
 */
import { ADMIN_ROLE, COURSE_ENGINEER_ROLE } from "@lumen/contracts";
import { lazy, Suspense } from "react";
import { useAuth } from "../features/auth/components/auth-provider.tsx";

const FeatureOverridesControl = lazy(() =>
  import("../features/flags/components/feature-overrides-control.tsx").then((m) => ({
    default: m.FeatureOverridesControl,
  })),
);

export { COURSE_ENGINEER_ROLE };

/** Whether the signed-in user is a course engineer (the editor's and playground's extras). */
export function useIsCourseEngineer(): boolean {
  const { user } = useAuth();
  return user?.claims.roles.includes(COURSE_ENGINEER_ROLE) ?? false;
}

/** Course engineers and admins may override feature flags for their own browser. */
export function useMayOverrideFlags(): boolean {
  const { status, user } = useAuth();
  if (status !== "signedIn") return false;
  return (
    user?.claims.roles.some((role) => role === COURSE_ENGINEER_ROLE || role === ADMIN_ROLE) ?? false
  );
}

export function DevToolbar() {
  if (!useMayOverrideFlags()) return null;
  return (
    <aside
      aria-label="Developer tools"
      className="border-b border-amber-300 bg-amber-50 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-1.5">
        <Suspense fallback={null}>
          <FeatureOverridesControl />
        </Suspense>
        {/* The AI tutor's ratings (issue 16): which lessons need better hints. */}
        <a
          href="/web/ai-ratings"
          className="ml-auto whitespace-nowrap underline underline-offset-2"
        >
          AI tutor ratings
        </a>
      </div>
    </aside>
  );
}
