/**
 * What every route module shares: the root route (the one application shell), the options of an
 * introduction screen, a data screen's pending and error states, and page titles. The route table
 * itself is router.tsx; each area's routes live in a module of their own beside this one.
 */
import { createRootRouteWithContext, lazyRouteComponent } from "@tanstack/react-router";
import { SCREEN_COPY, type ScreenKey } from "../features/home/lib/screen-copy.ts";
import { Quiet } from "../features/progress/components/parts.tsx";
import { config } from "../lib/config.ts";
import type { RouterContext } from "../lib/router-context.ts";
import { AppShell } from "../shell/app-shell.tsx";
import { NotFound } from "../shell/not-found.tsx";
import { RootError, RouteError } from "../shell/route-error.tsx";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    screen?: ScreenKey;
  }
}

export const pageTitle = (title: string) => `${title} · ${config.productName}`;

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFound,
  // The shell itself failed: the message comes with a header of its own.
  errorComponent: RootError,
  head: () => ({
    meta: [
      { title: config.productName },
      {
        name: "description",
        content: `${config.productName}: learn to code with short lessons you run in your browser.`,
      },
    ],
  }),
});

const AreaIntro = lazyRouteComponent(() => import("../features/home/area-intro.tsx"), "AreaIntro");

/** The options every introduction screen shares: its copy, title, description and component. */
export function screen(key: ScreenKey) {
  const copy = SCREEN_COPY[key];
  return {
    staticData: { screen: key },
    head: () => ({
      meta: [{ title: pageTitle(copy.title) }, { name: "description", content: copy.description }],
    }),
    component: AreaIntro,
  };
}

export const parent = { getParentRoute: () => rootRoute };

/** A progress screen's states while its loader runs (progress/parts.tsx) and if it fails. */
export function progressStates(loading: string) {
  return {
    pendingComponent: () => <Quiet>{loading}</Quiet>,
    errorComponent: RouteError,
  };
}
