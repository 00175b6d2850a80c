/**
 * The paywall on the learning path (issue 15): the lock a section's chip carries when its lessons
 * are not free and the learner's plan lacks them, and the note on such a section's page with the
 * way to the plans (the subscribe page brings the learner back here).
 */
import { Link } from "@tanstack/react-router";
import { Alert, Badge, textLinkClasses } from "../../../ui/index.ts";
import { LockIcon } from "./icons.tsx";

/** A chip's lock: seen as an icon, heard as "locked". */
export function SectionLock() {
  return (
    <span data-testid="section-lock">
      <LockIcon className="ml-1 inline h-3.5 w-3.5 align-[-2px]" />
      <span className="sr-only"> (locked)</span>
    </span>
  );
}

export function LockedSectionNote({
  trackId,
  sectionIndex,
}: {
  trackId: number;
  sectionIndex: number;
}) {
  return (
    <Alert tone="info" className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Badge tone="brand">
        <LockIcon className="h-3.5 w-3.5" /> Starter plan
      </Badge>
      <span>
        This section's lessons come with Starter. The first section of every track is free.{" "}
        <Link
          to="/web/subscribe"
          search={{
            redirectUrl: `/web/${trackId}/section/${sectionIndex}`,
            trackingReferer: "locked-section",
          }}
          className={textLinkClasses}
        >
          See plans
        </Link>
      </span>
    </Alert>
  );
}
