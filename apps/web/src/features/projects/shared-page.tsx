/**
 * /web/shared/$code (issue 17): a shared project or lesson solution, read-only, with Run (the
 * same in-browser sandboxes as lessons), the author's display name, Duplicate, Copy link and
 * Report. An unshared or hidden link says which; the server draws the link preview tags.
 */
import { shareLanguageLabel, shareRunLanguage } from "@lumen/contracts";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useEffect, useMemo } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { sharesApi } from "../../lib/shares-client.ts";
import { pageTitle } from "../../routing/route-kit.tsx";
import { Alert, Badge, Spinner } from "../../ui/index.ts";
import { ProjectFilesViewer } from "./components/project-files-viewer.tsx";
import { ProjectRunPanel } from "./components/project-run-panel.tsx";
import { SharedActions } from "./components/shared-actions.tsx";
import { SharedGone } from "./components/shared-gone.tsx";

export function SharedPage() {
  const { code } = useParams({ from: "/web/shared/$code" });
  const query = useQuery({
    queryKey: ["shares", code],
    queryFn: () => sharesApi.read(code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const analytics = useMemo(() => ({ share_code: code }), [code]);
  const title = query.data?.title;
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16" aria-busy="true">
        <Spinner className="h-6 w-6" />
        <span className="sr-only">Loading the shared code…</span>
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (isApiError(error, "gone"))
      return <SharedGone title="No longer shared" message={error.message} />;
    if (isApiError(error, "not_found") || isApiError(error, "validation_failed")) {
      return (
        <SharedGone
          title="Nothing is shared here"
          message="This link does not lead to any shared code. Check that it was copied whole."
        />
      );
    }
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert tone="danger" role="alert">
          {isApiError(error) ? error.message : "The shared code could not be loaded."}
        </Alert>
      </div>
    );
  }

  const share = query.data;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Badge>{shareLanguageLabel(share.runtime)}</Badge>
          <span>{share.kind === "lesson" ? "Lesson solution" : "Project"}</span>
          <span aria-hidden="true">·</span>
          <span>
            {share.views} {share.views === 1 ? "view" : "views"}
          </span>
        </div>
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl dark:text-white">
          {share.title}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Shared by{" "}
          <span
            className="font-semibold text-slate-900 dark:text-white"
            data-testid="shared-author"
          >
            {share.authorName}
          </span>
        </p>
        <SharedActions code={share.code} />
      </header>
      <div className="grid min-h-0 gap-5 lg:grid-cols-2">
        <section aria-label="Files" className="min-w-0">
          <ProjectFilesViewer files={share.files} entry={share.entry} label="Shared code" />
        </section>
        <section aria-label="Run" className="min-w-0">
          <ProjectRunPanel
            files={share.files}
            runtime={shareRunLanguage(share.runtime)}
            entry={share.entry}
            analytics={analytics}
          />
        </section>
      </div>
    </div>
  );
}
