/**
 * Drops the lessons this device kept for offline use. Run at sign-out: chapters a subscriber
 * opened stay readable offline for them, but never for the next person on the device, whose plan
 * may not open them (issue 15's paywall; online, the server's answer always wins).
 */
import { cacheNames } from "./cache-names.ts";

export async function forgetCatalogCache(
  store: Pick<CacheStorage, "delete"> | undefined = globalThis.caches,
): Promise<boolean> {
  if (!store) return false;
  return store.delete(cacheNames("").catalog);
}
