/**
 * A page the browser restores from its back/forward cache (the learner pressed Back on Stripe's
 * page) comes back exactly as it left: with the button still spinning for a checkout that is no
 * longer under way. `reset` puts it back to idle.
 */
import { useEffect } from "react";

export function useResetOnReturn(reset: () => void): void {
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    addEventListener("pageshow", onShow);
    return () => removeEventListener("pageshow", onShow);
  }, [reset]);
}
