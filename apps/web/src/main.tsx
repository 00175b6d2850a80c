/** The web app's entry: query cache, router, and the shell. */

import { FIRST_PAINT_ID } from "@lumen/lesson-view";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider } from "./auth/auth-provider.tsx";
import { LearnerProviders } from "./notifications/learner-providers.tsx";
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
const root = document.getElementById("app");
if (!root) throw new Error("The page has no #app element.");
const reactRoot = createRoot(root);
const renderApp = (router: ReturnType<typeof createAppRouter>) =>
  // A transition, so React renders the screen in slices of a few milliseconds and the page stays
  // responsive while it does, rather than in one long task.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <LearnerProviders>
              <RouterProvider router={router} />
            </LearnerProviders>
          </AuthProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );

/** Lets the browser draw and answer input before the next step of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

if (document.getElementById(FIRST_PAINT_ID)) {
  // The server drew the lesson already (first-paint/), so nothing waits for the app: it starts
  // in steps, each its own task (build the router; resolve the route and load the screen's code;
  // render), so the page never stops answering for long, and its first render is the whole
  // screen rather than a pending state followed by a second render.
  void (async () => {
    await nextTask();
    const router = createAppRouter(queryClient);
    await nextTask();
    await router.load().catch((error: unknown) => console.error(error));
    await nextTask();
    renderApp(router);
  })();
} else {
  renderApp(createAppRouter(queryClient));
}
