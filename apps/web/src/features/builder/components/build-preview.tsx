/**
 * The running app beside the conversation (issue 18): the build's preview machine, started on
 * demand, shown in a frame at the app's own origin (entered with a one-minute ticket; the app can
 * never read this page or its cookies). It reloads when the build's files change.
 */
import type { PreviewAnswer } from "@lumen/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ApiError } from "../../../lib/api-error.ts";
import { Alert, Badge, Button, Spinner } from "../../../ui/index.ts";
import { builderApi } from "../api/builder-client.ts";

const STATE_WORDS: Record<string, string> = {
  created: "Created",
  starting: "Starting",
  running: "Running",
  stopping: "Stopping",
  stopped: "Stopped",
  failed: "Stopped with an error",
};

export function BuildPreview({ buildId, revision }: { buildId: string; revision: number }) {
  const [reloads, setReloads] = useState(0);
  // A fresh ticket for each revision: the frame enters again and shows the new files.
  const preview = useQuery<PreviewAnswer>({
    queryKey: ["builds", buildId, "preview", revision, reloads],
    queryFn: () => builderApi.preview(buildId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const machine = preview.data?.machine;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {machine && (
          <Badge
            tone={
              machine.state === "running"
                ? "success"
                : machine.state === "failed"
                  ? "warning"
                  : "neutral"
            }
          >
            {STATE_WORDS[machine.state] ?? machine.state}
          </Badge>
        )}
        <Button size="sm" variant="secondary" onClick={() => setReloads((n) => n + 1)}>
          Reload preview
        </Button>
        {preview.data?.url && (
          <a
            href={preview.data.url}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            Open in a new tab
          </a>
        )}
        {machine && (
          <Link
            to="/web/build/machines/$id"
            params={{ id: machine.id }}
            search={{ backlink: `/web/build/${buildId}` }}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            Machine and logs
          </Link>
        )}
      </div>
      {preview.isPending ? (
        <p className="flex items-center gap-2 text-slate-600 dark:text-slate-300" role="status">
          <Spinner /> Starting the app's machine…
        </p>
      ) : preview.isError ? (
        <Alert tone="warning">
          {preview.error instanceof ApiError
            ? preview.error.message
            : "The preview could not be started."}
        </Alert>
      ) : preview.data?.url ? (
        <iframe
          key={preview.data.url}
          title="App preview"
          src={preview.data.url}
          className="min-h-[28rem] w-full flex-1 rounded-xl border border-slate-200 bg-white dark:border-slate-700"
        />
      ) : (
        <Alert tone="warning">
          The app stopped with an error{machine?.reason ? `: ${machine.reason}` : "."} Its log says
          why; ask the AI to fix it, or restart the machine.
        </Alert>
      )}
    </div>
  );
}
