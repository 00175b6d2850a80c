/**
 * A glossary's terms (GET /v1/glossary/{language}, parsed with the contracts' schema): from the
 * page the server drew when it carries them (lib/prefetched.ts), else from the API. A glossary
 * that does not exist is null, which the screens show as not found.
 */
import { type GlossaryAnswer, glossaryAnswerSchema } from "@lumen/contracts";
import { apiFetch } from "../../../lib/api-client.ts";
import { takePrefetchedAs } from "../../../lib/prefetched.ts";

const glossaryPath = (language: string) => `/v1/glossary/${encodeURIComponent(language)}`;

/** The server's answers taken from the page, kept for every render that asks again. */
const fromPage = new Map<string, GlossaryAnswer>();

export function prefetchedGlossary(language: string): GlossaryAnswer | undefined {
  const taken = takePrefetchedAs(glossaryPath(language), glossaryAnswerSchema);
  if (taken) fromPage.set(language, taken);
  return fromPage.get(language);
}

export async function fetchGlossary(language: string): Promise<GlossaryAnswer | null> {
  const response = await apiFetch(glossaryPath(language));
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Could not load the glossary (${response.status}).`);
  return glossaryAnswerSchema.parse(await response.json());
}
