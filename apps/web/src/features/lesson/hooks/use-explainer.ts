/**
 * The plain-words error explanations (explain-error.ts), loaded the first time a run goes wrong:
 * most of a lesson's runs never need them, so they stay out of the lesson screen's first load.
 */
import { useEffect, useState } from "react";

type Explainer = typeof import("../lib/explain-error.ts");

let loaded: Explainer | undefined;
let pending: Promise<Explainer> | undefined;

/** The explainer once `needed` has been true and it has arrived; undefined until then. */
export function useExplainer(needed: boolean): Explainer | undefined {
  const [explainer, setExplainer] = useState(loaded);
  useEffect(() => {
    if (!needed || explainer) return;
    let live = true;
    pending ??= import("../lib/explain-error.ts").then((module) => {
      loaded = module;
      return module;
    });
    pending.then(
      (module) => {
        if (live) setExplainer(module);
      },
      () => {
        // Offline before it was cached: the raw message still shows; the next error tries again.
        pending = undefined;
      },
    );
    return () => {
      live = false;
    };
  }, [needed, explainer]);
  return explainer;
}
