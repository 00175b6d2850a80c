/** The web app's entry: query cache (seeded with the page's answers), router, and the shell. */

import { FIRST_PAINT_ID } from "@lumen/lesson-view";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider, useAuth } from "./features/auth/components/auth-provider.tsx";
import { FlagsProvider } from "./features/flags/flags-provider.tsx";
import { seedPrefetchedAnswers } from "./lib/queries.ts";
import { createAuthSource } from "./lib/router-context.ts";
import { LearnerProviders } from "./notifications/learner-providers.tsx";
import { holdEarlyErrors, startReporting } from "./observability/start.ts";
import { createAppRouter } from "./router.tsx";
import "./offline/register-service-worker.ts";
import "./styles.css";

/** Spec section 9: cached results are kept 24 hours, and nothing refetches on window focus. */
export const QUERY_CACHE_MS = 24 * 60 * 60 * 1000;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: QUERY_CACHE_MS, refetchOnWindowFocus: false },
  },
});
// Once, before any loader asks: the answers the server put in the page are cached queries now.
seedPrefetchedAnswers(queryClient);

const auth = createAuthSource();

/** Tells the route loaders (lib/router-context.ts) who is signed in, whenever that changes. */
function AuthForLoaders() {
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  // A layout effect: it runs before the router's first load and before any navigation a screen
  // starts in an effect, so no loader sees an older state than the screen does.
  useLayoutEffect(() => auth.update({ status, userId }), [status, userId]);
  return null;
}

// Errors thrown before the reporting client loads are held for it (observability/start.ts).
holdEarlyErrors();

const root = document.getElementById("app");
if (!root) throw new Error("The page has no #app element.");
const reactRoot = createRoot(root);
const renderApp = (router: ReturnType<typeof createAppRouter>) => {
  // Error reporting and vitals load once the app is drawn and the browser is idle.
  startReporting();
  // A transition, so React renders the screen in slices of a few milliseconds and the page stays
  // responsive while it does, rather than in one long task.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <AuthForLoaders />
            <FlagsProvider>
              <LearnerProviders>
                <RouterProvider router={router} />
              </LearnerProviders>
            </FlagsProvider>
          </AuthProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
};

/** Lets the browser draw and answer input before the next step of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

if (document.getElementById(FIRST_PAINT_ID)) {
  // The server drew the lesson already (first-paint/), so nothing waits for the app: it starts
  // in steps, each its own task (build the router; resolve the route, run its loader from the
  // seeded cache and load the screen's code; render), so the page never stops answering for
  // long, and its first render is the whole screen rather than a pending state and a second one.
  // The lesson's loader needs no session, which is restored only once the app renders.
  void (async () => {
    await nextTask();
    const router = createAppRouter({ queryClient, auth });
    await nextTask();
    await router.load().catch((error: unknown) => console.error(error));
    await nextTask();
    renderApp(router);
  })();
} else {
  renderApp(createAppRouter({ queryClient, auth }));
}
