/** The shared page's actions: Duplicate into my projects, Copy link, Report. */
import { isApiError } from "../../../lib/api-error.ts";
import { useCopyShareLink } from "../../../lib/use-copy-share-link.ts";
import { Alert, Button } from "../../../ui/index.ts";
import { ReportButton } from "../../../ui/report-dialog.tsx";
import { useDuplicateShare } from "../hooks/use-duplicate-share.ts";
import { projectPath } from "../lib/share-paths.ts";

export function SharedActions({ code }: { code: string }) {
  const { duplicate, mutation } = useDuplicateShare(code);
  const link = useCopyShareLink(code, "shared_page");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          onClick={duplicate}
          pending={mutation.isPending}
          disabled={mutation.isSuccess}
          data-testid="shared-duplicate"
        >
          {mutation.isSuccess ? "Duplicated" : "Duplicate"}
        </Button>
        <Button variant="secondary" onClick={link.copy} data-testid="shared-copy-link">
          {link.state === "copied" ? "Link copied" : "Copy link"}
        </Button>
        <ReportButton targetKind="share" targetId={code} className="ml-auto" />
      </div>
      <p aria-live="polite" className="sr-only">
        {link.state === "copied" ? "The link is copied." : ""}
      </p>
      {link.state === "failed" ? (
        <Alert tone="warning" size="sm">
          Your browser did not let us copy. The link is {window.location.href}
        </Alert>
      ) : null}
      {mutation.isSuccess ? (
        <Alert tone="success" size="sm" data-testid="shared-duplicated">
          It is in your projects now.{" "}
          <a href={projectPath(mutation.data.projectId)} className="font-semibold underline">
            Open your copy
          </a>
        </Alert>
      ) : null}
      {mutation.isError ? (
        <Alert tone="danger" size="sm" role="alert">
          {isApiError(mutation.error) ? mutation.error.message : "Could not duplicate it."}
        </Alert>
      ) : null}
    </div>
  );
}
