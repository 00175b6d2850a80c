/**
 * The third parties every event is also pushed to (issue 14, spec section 7): a tag manager's
 * `window.dataLayer` (and its script), an advertising pixel (an image request per event) and an
 * analytics service (a JSON beacon per event). Each is configured on the server (TAG_MANAGER_URL,
 * AD_PIXEL_URL, ANALYTICS_SERVICE_URL; all empty by default) and none is touched before the
 * visitor consents (consent.ts). Nothing loads from a CDN unless an operator configures it.
 */
import { readConsent } from "./consent.ts";

export interface ThirdPartyConfig {
  tagManagerUrl?: string | undefined;
  adPixelUrl?: string | undefined;
  analyticsServiceUrl?: string | undefined;
}

type Properties = Record<string, string | number | boolean | null>;
type DataLayerWindow = { dataLayer?: unknown[] };

export const anyThirdParty = (config: ThirdPartyConfig) =>
  Boolean(config.tagManagerUrl || config.adPixelUrl || config.analyticsServiceUrl);

/** The pixel's address for one event: the configured URL with the event's name added. */
export function pixelUrl(base: string, name: string): string {
  const url = new URL(base);
  url.searchParams.set("ev", name);
  return url.toString();
}

/** The object pushed to the tag manager's data layer for one event. */
export function dataLayerEntry(name: string, properties: Properties): Record<string, unknown> {
  return { ...properties, event: name };
}

let loaded = false;
/** Injects the tag manager's script, once, and only with consent. */
export function loadThirdParties(config: ThirdPartyConfig): void {
  if (loaded || readConsent() !== "granted") return;
  loaded = true;
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  if (config.tagManagerUrl) {
    w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = document.createElement("script");
    script.async = true;
    script.src = config.tagManagerUrl;
    script.dataset.thirdParty = "tag-manager";
    document.head.append(script);
  }
}

/** Pushes one event to every configured third party; nothing at all without consent. */
export function forwardEvent(config: ThirdPartyConfig, name: string, properties: Properties): void {
  if (!anyThirdParty(config) || readConsent() !== "granted") return;
  loadThirdParties(config);
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push(dataLayerEntry(name, properties));
  if (config.adPixelUrl) new Image().src = pixelUrl(config.adPixelUrl, name);
  if (config.analyticsServiceUrl) {
    const body = JSON.stringify({ event: name, properties, at: new Date().toISOString() });
    if (!navigator.sendBeacon?.(config.analyticsServiceUrl, body)) {
      fetch(config.analyticsServiceUrl, { method: "POST", body, keepalive: true }).catch(() => {
        // Best effort, as for our own events.
      });
    }
  }
}
