/**
 * The allowed return address of a billing screen (lib/return-to.ts) with this site's policy; a
 * refused one is warned about once, in an effect, and never followed.
 */
import { useEffect, useMemo } from "react";
import { authConfig } from "../../auth/lib/auth-config.ts";
import { allowedReturn, type ReturnPolicy } from "../lib/return-to.ts";

export function returnPolicy(warn?: (message: string) => void): ReturnPolicy {
  return {
    allowedHosts: authConfig.allowedRedirectHosts,
    currentOrigin: window.location.origin,
    allowDevHosts: authConfig.devRedirectHosts,
    ...(warn ? { warn } : {}),
  };
}

const silent = () => {};

export function useReturnTo(redirectUrl: string | null | undefined): string | undefined {
  const returnTo = useMemo(() => allowedReturn(redirectUrl, returnPolicy(silent)), [redirectUrl]);
  useEffect(() => {
    allowedReturn(redirectUrl, returnPolicy());
  }, [redirectUrl]);
  return returnTo;
}
