/**
 * Node only: the scripts the JavaScript runner bundles for QuickJS, which cannot import modules:
 * the check harness and the rejection tracker (bundled by host/bundle-script.ts).
 */
import { bundleScript } from "../host/bundle-script.ts";

export const HARNESS_ENTRY = new URL("./harness-entry.ts", import.meta.url);
export const REJECTIONS_ENTRY = new URL("./quickjs-rejections.ts", import.meta.url);

export function harnessScript(): Promise<string> {
  return bundleScript(HARNESS_ENTRY);
}
