/**
 * Clears the preview's saved-files cache (POST /v1/preview/.../savedFiles/clearCache): the warm
 * server-side runtimes that earlier previews ran in, with the files and modules those runs left
 * behind. See routes/preview.ts for why this is the cache the call names.
 */
import type { PreviewRunners } from "./preview-runners.ts";

export interface ClearPreviewCacheOptions {
  runners: PreviewRunners;
}

export async function clearPreviewCache({ runners }: ClearPreviewCacheOptions): Promise<void> {
  await runners.reset();
}
