/** What an unshared, hidden or unknown shared link shows instead of the code. */
import { Link } from "@tanstack/react-router";
import { Alert, Button } from "../../../ui/index.ts";

export function SharedGone({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <Alert tone="neutral" data-testid="shared-gone">
        {message}
      </Alert>
      <div>
        <Button asChild variant="brand">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}
