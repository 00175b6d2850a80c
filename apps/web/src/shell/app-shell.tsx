/** The one application shell every screen renders in: header, main and footer (spec section 2). */

import { SHELL } from "@lumen/lesson-view";
import { HeadContent, Link, Outlet, useRouter } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { anyThirdParty } from "../analytics/third-party.ts";
import { installAnalyticsUnloadHandler, track } from "../analytics/track.ts";
import { AccountControl } from "../features/auth/components/account-control.tsx";
import { useAuth } from "../features/auth/components/auth-provider.tsx";
import { SettingsSync } from "../features/profile/components/settings-sync.tsx";
import { releaseFirstPaint } from "../first-paint/release.ts";
import { config } from "../lib/config.ts";
import { recordRoute } from "../lib/routing-history.ts";
import { NotificationOutlet } from "../notifications/notification-outlet.tsx";
import { importWhenOnline } from "../offline/stale-chunk.ts";
import { DevToolbar } from "./dev-toolbar.tsx";
import { HeaderDropdowns } from "./header-dropdowns.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { NAV_ITEMS } from "./nav-items.ts";
import { RouteProgressBar } from "./progress-bar.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

function usePageviews() {
  const router = useRouter();
  useEffect(() => {
    installAnalyticsUnloadHandler();
    return router.subscribe("onResolved", ({ toLocation }) => {
      recordRoute({
        pathname: toLocation.pathname,
        asPath: toLocation.href,
        query: toLocation.search as Record<string, unknown>,
      });
      track("pageview", { path: toLocation.pathname });
      // Only a lesson screen takes the server's first paint over; any other screen drops it.
      if (!router.state.matches.some((match) => match.staticData?.screen?.startsWith("lesson"))) {
        releaseFirstPaint();
      }
    });
  }, [router]);
}

export function AppShell() {
  usePageviews();
  return (
    <div className={SHELL.page}>
      <HeadContent />
      <RouteProgressBar />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <header className={SHELL.header}>
        <div className={SHELL.headerRow}>
          <Link to="/" className={SHELL.brand} aria-label={`${config.productName} home`}>
            <img src="/favicon.svg" alt="" className={SHELL.brandLogo} />
            <span className={SHELL.brandName}>{config.productName}</span>
          </Link>
          <nav aria-label="Main" className="ml-4 hidden gap-1 sm:flex">
            {NAV_ITEMS.map((item) => (
              <Link
                key={item.label}
                to={item.to}
                params={item.params}
                className="rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                activeProps={{ className: "text-slate-900 dark:text-white font-medium" }}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-1">
            <HeaderDropdowns />
            <MobileNav />
            <ThemeToggle />
            <AccountControl />
          </div>
        </div>
      </header>
      <DevToolbar />
      <VerifyBannerWhenUnverified />
      {/* The learner's plan kept current, and the banner while a payment has failed (issue 15). */}
      {/* The assistant chat box's button (issue 16); the chat loads on first open. Both are chunks
          of their own, loaded after the shell: every screen's first load stays small. */}
      <Suspense fallback={null}>
        <PlanWatch />
        <ChatLauncher />
      </Suspense>
      <NotificationOutlet />
      <SettingsSync />
      <IdleLearnerServices />
      <main id="main" className={SHELL.main}>
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between dark:text-slate-400">
          <p>
            © {new Date().getFullYear()} {config.productName}. Open source, free to self-host.
          </p>
          <nav aria-label="Footer" className="flex flex-wrap gap-4">
            <Link to="/web/library" className="hover:text-slate-900 dark:hover:text-white">
              Library
            </Link>
            <Link
              to="/web/subscribe"
              search={{}}
              className="hover:text-slate-900 dark:hover:text-white"
            >
              Plans
            </Link>
            <a
              href={`mailto:${config.supportEmail}`}
              className="hover:text-slate-900 dark:hover:text-white"
            >
              Contact support
            </a>
          </nav>
        </div>
      </footer>
      {anyThirdParty(config) ? (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      ) : null}
    </div>
  );
}

const PlanWatch = lazy(() =>
  importWhenOnline(() => import("../features/billing/components/plan-watch.tsx")).then((m) => ({
    default: m.PlanWatch,
  })),
);
const ChatLauncher = lazy(() =>
  importWhenOnline(() => import("../features/ai/components/chat-launcher.tsx")).then((m) => ({
    default: m.ChatLauncher,
  })),
);

/** The consent banner's code loads only where an operator configured a third party. */
const ConsentBanner = lazy(() =>
  import("./consent-banner.tsx").then((m) => ({ default: m.ConsentBanner })),
);

/** Only a signed-in learner with an unconfirmed address loads the banner's code. */
const VerifyEmailBanner = lazy(() =>
  import("../features/auth/components/verify-email-banner.tsx").then((m) => ({
    default: m.VerifyEmailBanner,
  })),
);
function VerifyBannerWhenUnverified() {
  const { status, user } = useAuth();
  if (status !== "signedIn" || !user || user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner />
    </Suspense>
  );
}

const LearnerServices = lazy(() => import("./learner-services.tsx"));
/** Progress sync (learner-services.tsx), once the first screen has been drawn. */
function IdleLearnerServices() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(start, { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 500);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <LearnerServices />
    </Suspense>
  );
}
