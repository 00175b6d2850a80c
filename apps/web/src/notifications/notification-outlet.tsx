/** Shows the notifications meant for the current route, under the header, each dismissible. */
import { Link, useRouterState } from "@tanstack/react-router";
import { Alert, Button } from "../ui/index.ts";
import type { AppNotification } from "./notification-cookie.ts";
import { useNotifications } from "./notification-provider.tsx";

const TONE = { info: "info", success: "success", celebrate: "warning" } as const satisfies Record<
  AppNotification["tone"],
  string
>;

const ICON: Record<AppNotification["tone"], string> = {
  info: "ℹ",
  success: "✓",
  celebrate: "★",
};

export function NotificationOutlet() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { forPath, dismissNotification } = useNotifications();
  const shown = forPath(pathname);
  if (shown.length === 0) return null;
  return (
    <section aria-label="Notifications" className="mx-auto w-full max-w-6xl px-4 pt-4">
      <ul className="flex flex-col gap-2">
        {shown.map((n) => (
          <Alert
            key={n.id}
            asChild
            tone={TONE[n.tone]}
            className="flex items-start gap-3 shadow-sm"
          >
            <li role="status">
              <span aria-hidden="true" className="text-lg leading-5">
                {ICON[n.tone]}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{n.title}</p>
                {n.body ? <p className="mt-0.5 opacity-90">{n.body}</p> : null}
                {n.href ? (
                  <Link
                    to={n.href}
                    onClick={() => dismissNotification(n.id)}
                    className="mt-1 inline-block font-semibold underline underline-offset-2"
                  >
                    {n.linkLabel ?? "Open"}
                  </Link>
                ) : null}
              </div>
              <Button
                variant="quiet"
                size="icon"
                onClick={() => dismissNotification(n.id)}
                aria-label={`Dismiss: ${n.title}`}
                className="-m-2"
              >
                <span aria-hidden="true">✕</span>
              </Button>
            </li>
          </Alert>
        ))}
      </ul>
    </section>
  );
}
