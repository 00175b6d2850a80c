/** The local provider's pages say, first of all, that nothing real is paid. */
import { Alert } from "../../../ui/index.ts";

export function TestModeBanner({ children }: { children?: React.ReactNode }) {
  return (
    <Alert tone="warning" className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <strong className="font-bold">Test mode — no real payment</strong>
      {children ? <span>{children}</span> : null}
    </Alert>
  );
}
