/**
 * The glossary pages (issue 17) as both apps draw them: the server writes this markup into the
 * page it sends (apps/server/src/public-pages/), so that search engines and readers without
 * JavaScript get every term, and the web app's glossary screens use the same classes, titles and
 * descriptions, so that its takeover moves nothing. Plain TypeScript, no React, no browser API.
 */
import type { GlossaryTerm } from "@lumen/contracts";
import { SHELL } from "./layout-classes.ts";
import { escapeHtml as e, FIRST_PAINT_ID } from "./lesson-first-paint.ts";

/** The glossaries the site publishes, in the order the pages list them. */
export const GLOSSARY_LANGUAGES = [
  "html",
  "css",
  "javascript",
  "python",
  "sql",
  "typescript",
] as const;
export type GlossaryLanguage = (typeof GLOSSARY_LANGUAGES)[number];

export const isGlossaryLanguage = (value: string): value is GlossaryLanguage =>
  (GLOSSARY_LANGUAGES as readonly string[]).includes(value);

export const GLOSSARY_LANGUAGE_LABEL: Record<GlossaryLanguage, string> = {
  html: "HTML",
  css: "CSS",
  javascript: "JavaScript",
  python: "Python",
  sql: "SQL",
  // The React with TypeScript track's terms: TypeScript's types and React's components (TSX).
  typescript: "TypeScript and React",
};

export const glossaryPath = (language: string, slug?: string) =>
  slug ? `/glossary/${language}/${slug}` : `/glossary/${language}`;

/** A page's <title> and meta description: one per glossary and one per term. */
export function glossaryIndexMeta(language: GlossaryLanguage, count: number, productName: string) {
  const label = GLOSSARY_LANGUAGE_LABEL[language];
  return {
    title: `${label} glossary: ${count} terms explained · ${productName}`,
    description: `${count} ${label} terms in plain words, each with a short example you can run in your browser. Learn ${label} with ${productName}.`,
  };
}

export function glossaryTermMeta(
  language: GlossaryLanguage,
  term: GlossaryTerm,
  productName: string,
) {
  const label = GLOSSARY_LANGUAGE_LABEL[language];
  const definition =
    term.definition.length > 150 ? `${term.definition.slice(0, 147).trimEnd()}…` : term.definition;
  return {
    title: `${term.term} in ${label}: meaning and example · ${productName}`,
    description: `${definition} See a runnable ${label} example.`,
  };
}

export const GLOSSARY = {
  screen: "mx-auto max-w-3xl pb-8",
  crumbs: "mb-3 flex flex-wrap items-center gap-1 text-sm text-slate-500 dark:text-slate-400",
  crumbLink: "font-medium text-brand-700 hover:underline dark:text-brand-300",
  title: "text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white",
  lead: "mt-3 text-lg text-slate-600 dark:text-slate-300",
  languages: "mt-5 flex flex-wrap gap-2",
  language:
    "rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700 dark:border-slate-700 dark:text-slate-200 dark:hover:text-brand-300",
  languageCurrent:
    "rounded-full border border-brand-600 bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white",
  list: "mt-8 space-y-5",
  card: "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900",
  termName: "text-xl font-bold text-slate-900 dark:text-white",
  termLink: "hover:underline",
  definition: "mt-2 text-base leading-relaxed text-slate-700 dark:text-slate-200",
  termDefinition: "mt-4 text-lg leading-relaxed text-slate-700 dark:text-slate-200",
  example: "mt-4",
  exampleBar: "flex items-center justify-between gap-3",
  exampleLabel: "text-sm font-semibold text-slate-600 dark:text-slate-300",
  code: "mt-2 overflow-x-auto rounded-xl bg-slate-900 p-4 font-mono text-sm leading-relaxed text-slate-100 ring-1 ring-slate-800 dark:bg-slate-950",
  run: "inline-flex min-h-10 items-center justify-center rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60",
  section: "mt-8",
  sectionTitle: "text-lg font-semibold text-slate-900 dark:text-white",
  related: "mt-3 flex flex-wrap gap-2",
  relatedLink:
    "rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-brand-100 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
  back: "mt-8 inline-block font-medium text-brand-700 hover:underline dark:text-brand-300",
} as const;

/** The app header's main links (apps/web/src/shell/nav-items.ts), with the same classes. */
const MAIN_LINKS = [
  ["/web/library", "Library"],
  ["/web/events", "Events"],
  ["/glossary/html", "Glossary"],
] as const;
const MAIN_LINK =
  "rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";

const header = (productName: string) =>
  `<header class="${SHELL.header}"><div class="${SHELL.headerRow}"><a href="/" class="${SHELL.brand}" aria-label="${e(productName)} home"><img src="/favicon.svg" alt="" class="${SHELL.brandLogo}"><span class="${SHELL.brandName}">${e(productName)}</span></a><nav aria-label="Main" class="ml-4 hidden gap-1 sm:flex">${MAIN_LINKS.map(
    ([href, label]) => `<a href="${href}" class="${MAIN_LINK}">${label}</a>`,
  ).join("")}</nav></div></header>`;

const frame = (productName: string, body: string) =>
  `<div id="${FIRST_PAINT_ID}" class="${SHELL.page}">${header(productName)}<main class="${SHELL.main}"><div class="${GLOSSARY.screen}">${body}</div></main></div>`;

const languageLinks = (current?: string) =>
  `<nav aria-label="Glossaries" class="${GLOSSARY.languages}">${GLOSSARY_LANGUAGES.map(
    (language) =>
      `<a href="${glossaryPath(language)}" class="${language === current ? GLOSSARY.languageCurrent : GLOSSARY.language}"${language === current ? ' aria-current="page"' : ""}>${GLOSSARY_LANGUAGE_LABEL[language]} glossary</a>`,
  ).join("")}</nav>`;

/**
 * The example as code, with the Run button the app enables once it has loaded. A long line
 * scrolls sideways, so the block takes keyboard focus (tabindex) to be scrolled without a mouse.
 */
const example = (term: GlossaryTerm) =>
  `<div class="${GLOSSARY.example}"><div class="${GLOSSARY.exampleBar}"><p class="${GLOSSARY.exampleLabel}">Example</p><button type="button" class="${GLOSSARY.run}" disabled>Run</button></div><pre class="${GLOSSARY.code}" tabindex="0"><code>${e(term.example.trimEnd())}</code></pre></div>`;

export function renderGlossaryIndexPaint(input: {
  productName: string;
  language: GlossaryLanguage;
  terms: readonly GlossaryTerm[];
}): string {
  const label = GLOSSARY_LANGUAGE_LABEL[input.language];
  const cards = input.terms
    .map(
      (term) =>
        `<li id="${e(term.slug)}" class="${GLOSSARY.card}"><h2 class="${GLOSSARY.termName}"><a class="${GLOSSARY.termLink}" href="${glossaryPath(input.language, term.slug)}">${e(term.term)}</a></h2><p class="${GLOSSARY.definition}">${e(term.definition)}</p>${example(term)}</li>`,
    )
    .join("");
  return frame(
    input.productName,
    `<h1 class="${GLOSSARY.title}">${label} glossary</h1><p class="${GLOSSARY.lead}">${input.terms.length} ${label} terms in plain words, each with an example you can run.</p>${languageLinks(input.language)}<ul class="${GLOSSARY.list}">${cards}</ul>`,
  );
}

export function renderGlossaryTermPaint(input: {
  productName: string;
  language: GlossaryLanguage;
  term: GlossaryTerm;
  /** The glossary's terms, to name the related ones. */
  terms: readonly GlossaryTerm[];
}): string {
  const label = GLOSSARY_LANGUAGE_LABEL[input.language];
  const related = input.term.related
    .map((slug) => input.terms.find((t) => t.slug === slug))
    .filter((t): t is GlossaryTerm => t !== undefined);
  const relatedBlock = related.length
    ? `<section class="${GLOSSARY.section}"><h2 class="${GLOSSARY.sectionTitle}">Related terms</h2><ul class="${GLOSSARY.related}">${related
        .map(
          (t) =>
            `<li><a class="${GLOSSARY.relatedLink}" href="${glossaryPath(input.language, t.slug)}">${e(t.term)}</a></li>`,
        )
        .join("")}</ul></section>`
    : "";
  return frame(
    input.productName,
    `<nav aria-label="Breadcrumb" class="${GLOSSARY.crumbs}"><a class="${GLOSSARY.crumbLink}" href="${glossaryPath(input.language)}">${label} glossary</a><span aria-hidden="true">›</span><span>${e(input.term.term)}</span></nav><h1 class="${GLOSSARY.title}">${e(input.term.term)}</h1><p class="${GLOSSARY.termDefinition}">${e(input.term.definition)}</p>${example(input.term)}${relatedBlock}<a class="${GLOSSARY.back}" href="${glossaryPath(input.language)}">All ${label} terms</a>`,
  );
}

export function renderGlossaryNotFoundPaint(productName: string): string {
  return frame(
    productName,
    `<h1 class="${GLOSSARY.title}">This glossary page does not exist</h1><p class="${GLOSSARY.lead}">The term or language in the address is not in our glossary. Pick a glossary:</p>${languageLinks()}`,
  );
}
