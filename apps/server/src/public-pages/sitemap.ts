/**
 * sitemap.xml and robots.txt for the public site (issue 17). The sitemap lists every public page
 * a search engine should index (home, library, events, plans, every glossary and every term);
 * learners' shared links are public but never listed. robots.txt allows the site, keeps crawlers
 * out of the API, the session endpoints and every signed-in screen of the route table, and names
 * the sitemap. Both use the public origin (PUBLIC_URL, else the request's).
 */
import { type Catalog, SCREEN_ROUTES } from "@lumen/contracts";
import { escapeHtml, GLOSSARY_LANGUAGES, glossaryPath } from "@lumen/lesson-view";
import { publishedTerms } from "./glossary-pages.ts";

/** The public pages other than the glossary's, by path. */
export const PUBLIC_PAGES = ["/", "/web/library", "/web/events", "/web/subscribe"] as const;

export function sitemapPaths(glossary: Catalog["glossary"]): string[] {
  const paths: string[] = [...PUBLIC_PAGES];
  for (const language of GLOSSARY_LANGUAGES) {
    const terms = publishedTerms(glossary, language);
    if (!terms) continue;
    paths.push(glossaryPath(language));
    for (const term of terms) paths.push(glossaryPath(language, term.slug));
  }
  return paths;
}

export function sitemapXml(origin: string, glossary: Catalog["glossary"]): string {
  const urls = sitemapPaths(glossary)
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
