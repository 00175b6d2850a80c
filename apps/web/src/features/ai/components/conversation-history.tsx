/** The assistant chat's history: the learner's conversations to open again or delete. */
import type { AiConversationSummary } from "@lumen/contracts";
import { Button, Spinner } from "../../../ui/index.ts";
import { Icon } from "./icons.tsx";

export function ConversationHistory({
  conversations,
  loading,
  failed,
  onOpen,
  onDelete,
}: {
  conversations: AiConversationSummary[];
  loading: boolean;
  failed: boolean;
  onOpen(id: string): void;
  onDelete(id: string): void;
}) {
  if (loading) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Spinner /> Loading your conversations…
      </p>
    );
  }
  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        Your conversations could not be loaded.
      </p>
    );
  }
  if (conversations.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No conversations yet.</p>;
  }
  return (
    <ul className="space-y-1" aria-label="Your conversations" data-testid="ai-history">
      {conversations.map((c) => (
        <li key={c.id} className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="min-w-0 flex-1 justify-start"
            onClick={() => onOpen(c.id)}
          >
            <span className="truncate">{c.title ?? "Untitled conversation"}</span>
            <span className="ml-auto shrink-0 text-xs text-slate-500 dark:text-slate-400">
              {new Date(c.updatedAt).toLocaleDateString()}
            </span>
          </Button>
          <Button variant="ghost" size="xs" onClick={() => onDelete(c.id)}>
            <Icon name="trash" />
            <span className="sr-only">Delete “{c.title ?? "Untitled conversation"}”</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
