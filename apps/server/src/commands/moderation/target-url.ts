/**
 * Where a reported thing is shown in the app, for the console's link to it. A comment links to
 * its post. Paths follow the sharing and community screens (contracts/src/routes.ts).
 */
import type { TargetRow } from "./moderation-target.ts";

export function targetUrl(target: Pick<TargetRow, "kind" | "id" | "postId">): string | null {
  if (target.kind === "share") return `/web/shared/${encodeURIComponent(target.id)}`;
  if (target.postId) return `/web/community/${encodeURIComponent(target.postId)}`;
  return null;
}
