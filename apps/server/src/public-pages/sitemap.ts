/**
 * sitemap.xml and robots.txt for the public site (issue 17). The sitemap lists every public page
 * a search engine should index (home, the track list, every track section's page, library, events,
 * community, plans, every glossary and every term); learners' shared links and the sign-in, billing
 * and onboarding steps are public but never listed. robots.txt allows the site, keeps crawlers
 * out of the API, the session endpoints and every signed-in screen of the route table, and names
 * the sitemap. Both use the public origin (PUBLIC_URL, else the request's).
 */
import { type Catalog, SCREEN_ROUTES, type Track } from "@lumen/contracts";
import { escapeHtml, GLOSSARY_LANGUAGES, glossaryPath } from "@lumen/lesson-view";
import { publishedTerms } from "./glossary-pages.ts";

/** The public pages other than the glossary's, by path. */
export const PUBLIC_PAGES = [
  "/",
  "/web/tracks",
  "/web/library",
  "/web/events",
  "/web/community",
  "/web/subscribe",
] as const;

/** What the sitemap draws from: the published tracks (their section pages) and the glossary. */
export interface SitemapSource {
  tracks: ReadonlyArray<Pick<Track, "id" | "sections">>;
  glossary: Catalog["glossary"];
}

export function sitemapPaths({ tracks, glossary }: SitemapSource): string[] {
  const paths: string[] = [...PUBLIC_PAGES];
  for (const track of tracks) {
    for (const section of track.sections) paths.push(`/web/${track.id}/section/${section.index}`);
  }
  for (const language of GLOSSARY_LANGUAGES) {
    const terms = publishedTerms(glossary, language);
    if (!terms) continue;
    paths.push(glossaryPath(language));
    for (const term of terms) paths.push(glossaryPath(language, term.slug));
  }
  return paths;
}

export function sitemapXml(origin: string, source: SitemapSource): string {
  const urls = sitemapPaths(source)
    .map((path) => `<url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** What crawlers must not read: the API, the session and dev endpoints, every private screen. */
export function disallowedPrefixes(): string[] {
  const prefixes = SCREEN_ROUTES.filter((route) => route.access === "protected").map((route) => {
    const fixed = route.path.split("/$")[0] ?? route.path;
    return fixed === "" ? "/" : fixed;
  });
  const all = [...new Set(["/v1/", "/api/", "/dev/", ...prefixes])].sort();
  // A prefix another one already covers adds nothing.
  return all.filter((prefix) => !all.some((other) => other !== prefix && prefix.startsWith(other)));
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPrefixes().map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
