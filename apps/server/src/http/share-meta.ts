/**
 * The link preview of a shared code's page (/web/shared/{code}): Open Graph and Twitter tags that
 * chat apps read without running JavaScript, with the image drawn by GET /v1/shares/{code}/preview.png.
 * An unshared or hidden share says only that it is gone: no title, no image of its code.
 */
import { SHARE_CODE_PATTERN, SHARE_GONE_MESSAGES, shareLanguageLabel } from "@lumen/contracts";
import type { Db } from "@lumen/db";
import { authorNameOf, findShare } from "../commands/shares/find-live-share.ts";

const SHARED_PATH = /^\/web\/shared\/([^/]+)\/?$/;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function tags(pairs: Array<[string, string, string]>): string {
  return pairs
    .map(
      ([attribute, name, content]) =>
        `<meta ${attribute}="${name}" content="${escapeAttribute(content)}">`,
    )
    .join("");
}

/** The tags for a shared page, or undefined when the path is not one or names no share. */
export async function shareMetaTags(options: {
  db: Db;
  pathname: string;
  origin: string;
  productName: string;
}): Promise<string | undefined> {
  const { db, pathname, origin, productName } = options;
  const code = SHARED_PATH.exec(pathname)?.[1];
  if (!code || !SHARE_CODE_PATTERN.test(code)) return undefined;
  const share = await findShare(db, code);
  if (!share) return undefined;
  const url = `${origin}/web/shared/${code}`;
  if (share.revokedAt || share.hiddenAt) {
    const description = share.hiddenAt ? SHARE_GONE_MESSAGES.hidden : SHARE_GONE_MESSAGES.revoked;
    return tags([
      ["property", "og:title", `Shared code · ${productName}`],
      ["property", "og:description", description],
      ["property", "og:url", url],
      ["property", "og:site_name", productName],
      ["name", "twitter:card", "summary"],
      ["name", "robots", "noindex"],
    ]);
  }
  const author = await authorNameOf(db, share.userId);
  const title = `${share.title} · ${productName}`;
  const description = `${shareLanguageLabel(share.runtime)} code by ${author}: read it and run it in your browser.`;
  const image = `${origin}/v1/shares/${code}/preview.png`;
  return tags([
    ["property", "og:type", "website"],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:image", image],
    ["property", "og:image:width", "1200"],
    ["property", "og:image:height", "630"],
    ["property", "og:url", url],
    ["property", "og:site_name", productName],
    ["name", "description", description],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
    // Shared links are for the people they are sent to, not for search engines.
    ["name", "robots", "noindex"],
  ]);
}
