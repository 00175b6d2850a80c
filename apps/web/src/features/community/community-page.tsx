/**
 * The community (/web/community, issue 17): two tabs, the showcase (projects learners published,
 * newest or most liked) and help threads (newest activity first, filtered by lesson or to the
 * unanswered), a page at a time with "Show more". Publishing and asking need an account; reading
 * does not.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { Alert, Button, Card, Spinner } from "../../ui/index.ts";
import { useAuth } from "../auth/components/auth-provider.tsx";
import { communityApi, communityKeys, type PostFilters } from "./api/community-client.ts";
import { PostListItem } from "./components/post-list-item.tsx";
import { PublishShowcase } from "./components/publish-showcase.tsx";

const TABS = [
  { id: "showcase", label: "Showcase" },
  { id: "help", label: "Help threads" },
] as const;

export function CommunityPage() {
  const search = useSearch({ from: "/web/community" });
  const navigate = useNavigate({ from: "/web/community" });
  const { status } = useAuth();
  const tab = search.tab ?? "showcase";
  const filters: PostFilters =
    tab === "showcase"
      ? { kind: "showcase", sort: search.sort ?? "newest" }
      : { kind: "help", lessonId: search.lessonId, unanswered: search.unanswered };
  const list = useInfiniteQuery({
    queryKey: communityKeys.list(filters),
    queryFn: ({ pageParam }) => communityApi.list(filters, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });
  // A post that moved up between two pages (a new like, a reply) is shown once.
  const posts = [
    ...new Map((list.data?.pages ?? []).flatMap((p) => p.posts).map((p) => [p.id, p])).values(),
  ];
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm ${active ? "border-brand-600 bg-brand-50 font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200" : "border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-300"}`;
  return (
    <div className="mx-auto w-full max-w-4xl flex-1 space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">Community</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          See what other learners built, and help each other when a lesson gets tricky.
        </p>
      </div>
      <nav
        aria-label="Community sections"
        className="flex gap-2 border-b border-slate-200 dark:border-slate-800"
      >
        {TABS.map((t) => (
          <Link
            key={t.id}
            to="/web/community"
            search={{ tab: t.id }}
            aria-current={tab === t.id ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 font-semibold ${tab === t.id ? "border-brand-600 text-brand-700 dark:text-brand-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === "showcase" ? (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Order</legend>
          {(["newest", "likes"] as const).map((sort) => (
            <button
              key={sort}
              type="button"
              aria-pressed={(search.sort ?? "newest") === sort}
              className={chip((search.sort ?? "newest") === sort)}
              onClick={() => void navigate({ search: { tab, sort } })}
            >
              {sort === "newest" ? "Newest" : "Most liked"}
            </button>
          ))}
        </fieldset>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={Boolean(search.unanswered)}
            className={chip(Boolean(search.unanswered))}
            onClick={() =>
              void navigate({
                search: { ...search, tab, unanswered: search.unanswered ? undefined : true },
              })
            }
          >
            Unanswered only
          </button>
          {search.lessonId && (
            <button
              type="button"
              className={chip(true)}
              onClick={() => void navigate({ search: { ...search, lessonId: undefined } })}
            >
              This lesson only ✕<span className="sr-only"> (show every lesson)</span>
            </button>
          )}
          <p className="text-sm text-slate-600 dark:text-slate-300">
            To ask, press “Ask the community” after a Check in a lesson.
          </p>
        </div>
      )}
      {tab === "showcase" && status === "signedIn" && <PublishShowcase />}
      {list.isPending && (
        <p className="flex items-center gap-2 text-slate-500">
          <Spinner /> Loading…
        </p>
      )}
      {list.isError && (
        <Alert tone="warning" role="alert">
          The community could not be loaded: {list.error.message}
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {list.isSuccess && posts.length === 0 && (
        <Card className="text-center text-slate-600 dark:text-slate-300">
          {tab === "showcase" ? "No projects published yet." : "No threads here yet."}
        </Card>
      )}
      <ul className="space-y-3" data-testid="community-list">
        {posts.map((post) => (
          <li key={post.id}>
            <PostListItem post={post} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            pending={list.isFetchingNextPage}
            data-testid="community-more"
          >
            Show more
          </Button>
        </div>
      )}
      {list.isFetchNextPageError && (
        <Alert tone="warning" size="sm" role="alert">
          More could not be loaded: {list.error?.message}
        </Alert>
      )}
    </div>
  );
}
