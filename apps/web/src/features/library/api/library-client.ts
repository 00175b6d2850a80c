/**
 * The library's calls (issue 17): the browse view and the search, each answer parsed with the
 * contracts. The query keys carry the signed-in user, so that signing in or out shows that
 * learner's progress and locked marks, not the previous caller's.
 */
import {
  type LibraryAnswer,
  type LibrarySearchAnswer,
  libraryAnswerSchema,
  librarySearchAnswerSchema,
} from "@lumen/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type * as z from "zod/mini";
import { apiFetch } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";
import type { LibrarySearch } from "../search.ts";

async function getJson<S extends z.ZodMiniType>(schema: S, path: string): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await apiFetch(path);
  } catch {
    throw ApiError.unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromAnswer(response.status, body);
  return schema.parse(body);
}

/** A query string of the values that are set. */
export function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

type Filters = Pick<LibrarySearch, "language" | "level">;

export const libraryKeys = {
  all: ["library"] as const,
  browse: (userId: string | null, filters: Filters) =>
    ["library", "browse", userId, filters.language ?? "", filters.level ?? ""] as const,
  search: (userId: string | null, q: string, filters: Filters) =>
    ["library", "search", userId, q, filters.language ?? "", filters.level ?? ""] as const,
};

export const libraryQuery = (userId: string | null, filters: Filters) =>
  queryOptions<LibraryAnswer>({
    queryKey: libraryKeys.browse(userId, filters),
    queryFn: () =>
      getJson(
        libraryAnswerSchema,
        `/v1/library${queryString({ language: filters.language, level: filters.level })}`,
      ),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const librarySearchQuery = (userId: string | null, q: string, filters: Filters) =>
  queryOptions<LibrarySearchAnswer>({
    queryKey: libraryKeys.search(userId, q, filters),
    queryFn: () =>
      getJson(
        librarySearchAnswerSchema,
        `/v1/library/search${queryString({ q, language: filters.language, level: filters.level })}`,
      ),
    staleTime: 60_000,
    // The previous results stay while the next are on their way: no flicker as you type.
    placeholderData: keepPreviousData,
    enabled: q.trim().length > 0,
  });
