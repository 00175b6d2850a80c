/**
 * The plain-words error explanations (explain-error.ts): kept out of the lesson screen's first
 * load, and fetched as soon as the browser is idle after a code lesson opens (preloadExplainer),
 * so that the first error of a session is explained at once. Until they arrive the screens show a
 * neutral "…", never the raw message; only if they cannot load (offline before they were cached)
 * does the raw message show.
 */
import { useEffect, useState } from "react";

export type Explainer = typeof import("../lib/explain-error.ts");

export type ExplainerState =
  | { status: "ready"; explainer: Explainer }
  | { status: "loading" }
  | { status: "failed" };

let loaded: Explainer | undefined;
let pending: Promise<Explainer> | undefined;

function load(): Promise<Explainer> {
  pending ??= import("../lib/explain-error.ts").then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // The next need tries again (back online, or the cache filled meanwhile).
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** Starts the download once the browser is idle (a code lesson opened); cancel with the result. */
export function preloadExplainer(): () => void {
  if (loaded) return () => undefined;
  const start = () => void load().catch(() => undefined);
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(start, 300);
  return () => clearTimeout(timer);
}

/** The explainer once `needed` has been true and it has arrived, or why it has not. */
export function useExplainer(needed: boolean): ExplainerState {
  const [state, setState] = useState<ExplainerState>(() =>
    loaded ? { status: "ready", explainer: loaded } : { status: "loading" },
  );
  useEffect(() => {
    if (!needed || state.status === "ready") return;
    if (loaded) {
      setState({ status: "ready", explainer: loaded });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    load().then(
      (explainer) => {
        if (live) setState({ status: "ready", explainer });
      },
      () => {
        if (live) setState({ status: "failed" });
      },
    );
    return () => {
      live = false;
    };
    // A failure is tried again on the next error, not in a loop.
    // eslint-disable-next-line
  }, [needed]);
  // Arrived since this screen's first render (another screen's need, or the preload).
  return loaded && state.status !== "ready" ? { status: "ready", explainer: loaded } : state;
}
