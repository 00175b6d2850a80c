/**
 * Goes to an address a billing answer gave: this site's paths (the local provider's pages, the
 * success page, a lesson) through the router, another host (Stripe's hosted page) by the browser.
 */
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { destinationOf, isInAppPath } from "../lib/return-to.ts";

export function useGoTo(): (url: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (url, options = {}) => {
      const destination = destinationOf(url, window.location.origin);
      if (destination === null) throw new Error("The server gave an address we cannot open.");
      if (isInAppPath(destination)) void navigate({ href: destination, replace: options.replace });
      else if (options.replace) window.location.replace(destination);
      else window.location.assign(destination);
    },
    [navigate],
  );
}
