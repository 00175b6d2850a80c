/**
 * The preview image of a live share (GET /v1/shares/{code}/preview.png). A share's files never
 * change, so images are kept in memory by code and author name, the most recent PREVIEW_CACHE of
 * them. The share is looked up on every call first: an unshared or hidden one answers 410 and
 * never its cached picture of the code.
 */
import { shareLanguageLabel } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import { authorNameOf, findLiveShare } from "./find-live-share.ts";
import { renderSharePreview } from "./render-share-preview.ts";

const PREVIEW_CACHE = 200;
const cache = new Map<string, Promise<Uint8Array>>();

export async function readSharePreview(options: {
  db: Db;
  code: string;
  productName?: string;
}): Promise<Uint8Array> {
  const { db, code, productName = "Lumen" } = options;
  const share = await findLiveShare(db, code);
  const authorName = await authorNameOf(db, share.userId);
  const key = `${code}\n${authorName}\n${productName}`;
  let image = cache.get(key);
  if (image) {
    cache.delete(key);
  } else {
    const entry = share.files.find((f) => f.path === share.entry) ?? share.files[0];
    image = renderSharePreview({
      title: share.title,
      authorName,
      language: shareLanguageLabel(share.runtime),
      productName,
      code: entry?.content ?? "",
    });
    image.catch(() => cache.delete(key));
  }
  cache.set(key, image);
  while (cache.size > PREVIEW_CACHE) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return image;
}
