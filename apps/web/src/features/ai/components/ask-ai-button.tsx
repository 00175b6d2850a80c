/** "Ask {product} AI" beside a failed Check's feedback: opens the tutor chat with the lesson. */
import { config } from "../../../lib/config.ts";
import { Button } from "../../../ui/index.ts";

export function AskAiButton({ onClick }: { onClick(): void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} data-testid="ask-ai">
      <span aria-hidden="true" className="text-violet-600 dark:text-violet-300">
        ✦
      </span>
      Ask {config.assistantName}
    </Button>
  );
}
