/**
 * `/web/ai-ratings` (issue 16): for course engineers and admins, which lessons' tutor replies
 * learners rate down, by hint level, and the latest rated replies with their reasons, so the
 * lessons that need better hints stand out. Others see a plain "no access" page (the API is 403).
 */
import { ADMIN_ROLE, COURSE_ENGINEER_ROLE } from "@lumen/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button, Card, Spinner } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { aiApi } from "./api/ai-client.ts";
import { RatingsByLesson, RatingsLatest } from "./components/ratings-tables.tsx";

export function AiRatingsPage() {
  const { user } = useAuth();
  const allowed =
    user?.claims.roles.some((role) => role === COURSE_ENGINEER_ROLE || role === ADMIN_ROLE) ??
    false;
  const pages = useInfiniteQuery({
    queryKey: ["ai", "ratings"],
    queryFn: ({ pageParam }) => aiApi.ratings(pageParam ? { before: pageParam } : {}),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: allowed,
  });
  if (!allowed) {
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">This page is for course engineers</h1>
        <p className="mt-4 text-slate-600 dark:text-slate-300">
          The ratings of the AI tutor's replies are shown to course engineers and administrators.
        </p>
      </section>
    );
  }
  const first = pages.data?.pages[0];
  const ratings = pages.data?.pages.flatMap((page) => page.ratings) ?? [];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">AI tutor ratings</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          How learners rate the tutor's replies, per lesson and hint level (1: a question back, 2: a
          pointer at the line, 3: a hint, 4: a worked example, 5: the solution). Lessons with the
          most thumbs down first.
        </p>
      </div>
      {pages.isPending ? (
        <p className="flex items-center gap-2 text-sm">
          <Spinner /> Loading the ratings…
        </p>
      ) : pages.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The ratings could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <>
          <Card className="overflow-x-auto p-0">
            <RatingsByLesson lessons={first?.lessons ?? []} />
          </Card>
          <section aria-labelledby="latest-ratings" className="space-y-3">
            <h2 id="latest-ratings" className="text-lg font-semibold">
              Latest rated replies
            </h2>
            <RatingsLatest ratings={ratings} />
            {pages.hasNextPage && (
              <Button
                variant="secondary"
                pending={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              >
                Show older ratings
              </Button>
            )}
          </section>
        </>
      )}
    </div>
  );
}
