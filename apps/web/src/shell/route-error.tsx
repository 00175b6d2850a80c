/**
 * What a screen shows when it cannot open (a loader that failed, code that did not load, a render
 * that threw): inside the app shell, a plain sentence (route-error-copy.ts) and a way to try
 * again. The router's default for every route, the progress screens' error state, and, framed by
 * the shell's header of its own, the root route's (when the shell itself failed).
 *
 * Offline, it tries again by itself when the connection returns. A lazy file of an earlier
 * deploy reloads the page once instead (offline/stale-chunk.ts).
 */
import { SHELL } from "@lumen/lesson-view";
import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { releaseFirstPaint } from "../first-paint/release.ts";
import { config } from "../lib/config.ts";
import { isChunkLoadError, reloadForStaleChunk } from "../offline/stale-chunk.ts";
import { Button } from "../ui/index.ts";
import { NAV_ITEMS } from "./nav-items.ts";
import { describeRouteError } from "./route-error-copy.ts";

const subscribeOnline = (onChange: () => void) => {
  addEventListener("online", onChange);
  addEventListener("offline", onChange);
  return () => {
    removeEventListener("online", onChange);
    removeEventListener("offline", onChange);
  };
};

export function RouteError({ error }: Pick<ErrorComponentProps, "error">) {
  const router = useRouter();
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const copy = describeRouteError(error, { online, supportEmail: config.supportEmail });
  const [reloading, setReloading] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The server's drawing of a lesson, if any, gives way to the message.
  useLayoutEffect(releaseFirstPaint, []);

  useEffect(() => {
    if (reloadForStaleChunk(error)) setReloading(true);
  }, [error]);

  useEffect(() => {
    // The control that led here is gone: the message takes the focus, not the page's body.
    if (document.activeElement === document.body) heading.current?.focus();
  }, []);

  const retry = useCallback(() => {
    // A module that failed to load stays failed in this page: only a reload asks again.
    if (isChunkLoadError(error)) location.reload();
    else void router.invalidate();
  }, [error, router]);

  useEffect(() => {
    if (copy.kind !== "offline") return;
    addEventListener("online", retry);
    return () => removeEventListener("online", retry);
  }, [copy.kind, retry]);

  if (reloading) {
    return (
      <p role="status" className="py-16 text-center text-slate-600 dark:text-slate-300">
        Getting the new version of {config.productName}…
      </p>
    );
  }

  return (
    <section
      aria-labelledby="route-error-title"
      data-testid="route-error"
      data-kind={copy.kind}
      className="mx-auto max-w-xl py-16 text-center"
    >
      <title>{`${copy.title} · ${config.productName}`}</title>
      <img src="/favicon.svg" alt="" className="mx-auto h-12 w-12" />
      <h1
        id="route-error-title"
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-3xl font-bold tracking-tight outline-none! sm:text-4xl"
      >
        {copy.title}
      </h1>
      <p role="alert" className="mt-4 text-slate-600 dark:text-slate-300">
        {copy.sentence}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="brand" size="xl" onClick={retry}>
          {copy.action}
        </Button>
        <Button asChild variant="secondary" size="xl">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </section>
  );
}

/**
 * The root route's error: the shell itself did not render, so this draws its header (the brand
 * and the main links) around the same message.
 */
export function RootError({ error }: Pick<ErrorComponentProps, "error">) {
  return (
    <div className={SHELL.page}>
      <header className={SHELL.header}>
        <div className={SHELL.headerRow}>
          <Link to="/" className={SHELL.brand} aria-label={`${config.productName} home`}>
            <img src="/favicon.svg" alt="" className={SHELL.brandLogo} />
            <span className={SHELL.brandName}>{config.productName}</span>
          </Link>
          <nav aria-label="Main" className="ml-auto flex gap-1">
            {NAV_ITEMS.map((item) => (
              <Link
                key={item.label}
                to={item.to}
                params={item.params}
                className="rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                {item.label}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main id="main" className={SHELL.main}>
        <RouteError error={error} />
      </main>
    </div>
  );
}
