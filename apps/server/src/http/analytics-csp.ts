/**
 * The origins the Content-Security-Policy must allow for the configured third-party analytics
 * (issue 14, ADR 0042): the tag manager's script (and what it fetches), the pixel's images and the
 * analytics service's beacons. Nothing is configured by default, so by default nothing is added.
 */
import type { Env } from "../env.ts";

export interface AnalyticsOrigins {
  script: string[];
  img: string[];
  connect: string[];
}

const originOf = (url: string | undefined) => (url ? [new URL(url).origin] : []);

export function analyticsOrigins(
  env: Pick<Env, "TAG_MANAGER_URL" | "AD_PIXEL_URL" | "ANALYTICS_SERVICE_URL">,
): AnalyticsOrigins {
  const tagManager = originOf(env.TAG_MANAGER_URL);
  const pixel = originOf(env.AD_PIXEL_URL);
  return {
    script: tagManager,
    img: [...new Set([...tagManager, ...pixel])],
    connect: [...new Set([...tagManager, ...originOf(env.ANALYTICS_SERVICE_URL)])],
  };
}
