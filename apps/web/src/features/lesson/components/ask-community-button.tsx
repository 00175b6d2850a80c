/**
 * "Ask the community" beside a failed Check's feedback (issue 17), like freeCodeCamp's "Ask for
 * help": keeps the lesson, the learner's code and the failing check's message as a draft
 * (community/lib/help-draft.ts) and opens the new-thread form, which is pre-filled from it.
 */
import { useNavigate } from "@tanstack/react-router";
import { Button } from "../../../ui/index.ts";
import { type HelpDraft, saveHelpDraft } from "../../community/lib/help-draft.ts";

export function AskCommunityButton({ draft }: { draft: () => HelpDraft }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      size="sm"
      data-testid="ask-community"
      onClick={() => {
        saveHelpDraft(draft());
        void navigate({ to: "/web/community/new" });
      }}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        className="h-4 w-4 text-brand-600 dark:text-brand-300"
      >
        <path d="M4 4h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z" />
      </svg>
      Ask the community
    </Button>
  );
}
