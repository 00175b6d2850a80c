/**
 * What a glossary page holds (issue 17): /glossary/{language} lists a language's terms and
 * /glossary/{language}/{slug} shows one, each with its head (title, description, canonical,
 * Open Graph, JSON-LD DefinedTermSet or DefinedTerm) and the markup drawn by @lumen/lesson-view.
 * An unknown language or term is a not-found page. The glossary is the published catalog's.
 */
import type { Catalog, GlossaryTerm } from "@lumen/contracts";
import {
  GLOSSARY_LANGUAGE_LABEL,
  type GlossaryLanguage,
  glossaryIndexMeta,
  glossaryPath,
  glossaryTermMeta,
  isGlossaryLanguage,
  renderGlossaryIndexPaint,
  renderGlossaryNotFoundPaint,
  renderGlossaryTermPaint,
} from "@lumen/lesson-view";
import type { PageHead } from "./page-head.ts";

export interface DrawnPage {
  status: 200 | 404;
  head: PageHead;
  /** The server-drawn markup of the page's content. */
  paint: string;
  /** API answers the web app would ask for first, under their paths (web-page.ts's prefetch). */
  prefetch: Record<string, unknown>;
}

export interface GlossaryPageInput {
  glossary: Catalog["glossary"];
  /** The path's segments after /glossary/. */
  language: string;
  slug?: string;
  origin: string;
  productName: string;
}

/** A language's terms, only for the glossaries the site publishes (own keys only). */
export function publishedTerms(
  glossary: Catalog["glossary"],
  language: string,
): readonly GlossaryTerm[] | undefined {
  if (!isGlossaryLanguage(language) || !Object.hasOwn(glossary, language)) return undefined;
  return glossary[language];
}

const termSetLd = (language: GlossaryLanguage, origin: string) => ({
  "@type": "DefinedTermSet",
  "@id": `${origin}${glossaryPath(language)}`,
  name: `${GLOSSARY_LANGUAGE_LABEL[language]} glossary`,
  url: `${origin}${glossaryPath(language)}`,
});

const termLd = (language: GlossaryLanguage, term: GlossaryTerm, origin: string) => ({
  "@type": "DefinedTerm",
  "@id": `${origin}${glossaryPath(language, term.slug)}`,
  name: term.term,
  description: term.definition,
  termCode: term.slug,
  url: `${origin}${glossaryPath(language, term.slug)}`,
});

export function notFoundPage(input: { origin: string; productName: string; path: string }) {
  return {
    status: 404,
    head: {
      title: `Page not found · ${input.productName}`,
      description: "This glossary page does not exist.",
      url: `${input.origin}${input.path}`,
      siteName: input.productName,
      noindex: true,
    },
    paint: renderGlossaryNotFoundPaint(input.productName),
    prefetch: {},
  } satisfies DrawnPage;
}

export function glossaryPage(input: GlossaryPageInput): DrawnPage {
  const { origin, productName, language } = input;
  const terms = publishedTerms(input.glossary, language);
  const path = glossaryPath(language, input.slug);
  if (!terms || !isGlossaryLanguage(language)) return notFoundPage({ origin, productName, path });
  const prefetch = { [`/v1/glossary/${language}`]: { language, terms } };
  if (input.slug === undefined) {
    const meta = glossaryIndexMeta(language, terms.length, productName);
    return {
      status: 200,
      head: {
        ...meta,
        url: `${origin}${path}`,
        siteName: productName,
        jsonLd: {
          "@context": "https://schema.org",
          ...termSetLd(language, origin),
          description: meta.description,
          hasDefinedTerm: terms.map((term) => termLd(language, term, origin)),
        },
      },
      paint: renderGlossaryIndexPaint({ productName, language, terms }),
      prefetch,
    };
  }
  const term = terms.find((candidate) => candidate.slug === input.slug);
  if (!term) return notFoundPage({ origin, productName, path });
  return {
    status: 200,
    head: {
      ...glossaryTermMeta(language, term, productName),
      url: `${origin}${path}`,
      siteName: productName,
      type: "article",
      jsonLd: {
        "@context": "https://schema.org",
        ...termLd(language, term, origin),
        inDefinedTermSet: termSetLd(language, origin),
      },
    },
    paint: renderGlossaryTermPaint({ productName, language, term, terms }),
    prefetch,
  };
}
