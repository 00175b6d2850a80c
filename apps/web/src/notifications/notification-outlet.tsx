/** Shows the notifications meant for the current route, under the header, each dismissible. */
import { Link, useRouterState } from "@tanstack/react-router";
import type { AppNotification } from "./notification-cookie.ts";
import { useNotifications } from "./notification-provider.tsx";

const TONE: Record<AppNotification["tone"], string> = {
  info: "border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100",
  success:
    "border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100",
  celebrate:
    "border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100",
};

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
          <li
            key={n.id}
            role="status"
            className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-sm ${TONE[n.tone]}`}
          >
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
            <button
              type="button"
              onClick={() => dismissNotification(n.id)}
              aria-label={`Dismiss: ${n.title}`}
              className="-m-1 rounded-lg p-1 opacity-70 hover:opacity-100"
            >
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
