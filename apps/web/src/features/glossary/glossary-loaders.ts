/**
 * The glossary routes' loaders and heads (issue 17): the language's terms (from the page the
 * server drew, else the API), a not-found for an unknown language or term, and the same title
 * and description the server gives the page (@lumen/lesson-view's glossary meta).
 */
import type { GlossaryAnswer } from "@lumen/contracts";
import { glossaryIndexMeta, glossaryTermMeta, isGlossaryLanguage } from "@lumen/lesson-view";
import { notFound } from "@tanstack/react-router";
import { config } from "../../lib/config.ts";
import { fetchGlossary, prefetchedGlossary } from "./api/glossary-client.ts";

export async function loadGlossary(language: string): Promise<GlossaryAnswer> {
  if (!isGlossaryLanguage(language)) throw notFound();
  const answer = prefetchedGlossary(language) ?? (await fetchGlossary(language));
  if (!answer) throw notFound();
  return answer;
}

export async function loadGlossaryTerm(language: string, slug: string) {
  const glossary = await loadGlossary(language);
  const term = glossary.terms.find((candidate) => candidate.slug === slug);
  if (!term) throw notFound();
  return { glossary, term };
}

type Meta = { title: string; description: string } | undefined;
const head = (meta: Meta) => ({
  meta: meta ? [{ title: meta.title }, { name: "description", content: meta.description }] : [],
});

export function glossaryHead(glossary: GlossaryAnswer | undefined) {
  return head(
    glossary && isGlossaryLanguage(glossary.language)
      ? glossaryIndexMeta(glossary.language, glossary.terms.length, config.productName)
      : undefined,
  );
}

export function glossaryTermHead(data: Awaited<ReturnType<typeof loadGlossaryTerm>> | undefined) {
  return head(
    data && isGlossaryLanguage(data.glossary.language)
      ? glossaryTermMeta(data.glossary.language, data.term, config.productName)
      : undefined,
  );
}
