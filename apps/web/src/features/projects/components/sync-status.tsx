/** Where the project's text is: saved on the server, being saved, waiting, or kept on this device. */
import { Badge } from "../../../ui/index.ts";
import type { SyncState } from "../hooks/use-project-workspace.ts";

const LABEL: Record<SyncState, string> = {
  saved: "Saved",
  saving: "Saving…",
  unsaved: "Saved on this device",
  offline: "Offline: saved on this device",
  error: "Not saved to the server",
};

const TONE = {
  saved: "success",
  saving: "neutral",
  unsaved: "neutral",
  offline: "warning",
  error: "warning",
} as const;

export function SyncStatus({ state }: { state: SyncState }) {
  return (
    <Badge tone={TONE[state]} data-testid="project-sync" data-state={state} aria-live="polite">
      {LABEL[state]}
    </Badge>
  );
}
