/**
 * The app's notifications: read once from the `lumen_notifications` cookie, added to by the app
 * (an offline lesson waiting to sync, a reached milestone), dismissed by the learner. The cookie
 * mirrors the list so a notification meant for another page survives the way there.
 */
import { createContext, type ReactNode, use, useCallback, useMemo, useState } from "react";
import { readCookie } from "../features/progress/lib/active-cookies.ts";
import {
  type AppNotification,
  type NewNotification,
  NOTIFICATION_COOKIE,
  notificationCookieLine,
  notificationSchema,
  parseNotificationCookie,
  routeMatches,
} from "./notification-cookie.ts";

export interface NotificationState {
  notifications: AppNotification[];
  /** Adds one, replacing an earlier one with the same id. */
  addNotification(notification: NewNotification): void;
  dismissNotification(id: string): void;
  /** The notifications whose `forRoute` matches this pathname. */
  forPath(pathname: string): AppNotification[];
}

const NotificationContext = createContext<NotificationState | null>(null);

type CookieJar = Pick<Document, "cookie">;

export function NotificationProvider({
  children,
  jar = typeof document === "undefined" ? undefined : document,
}: {
  children: ReactNode;
  jar?: CookieJar;
}) {
  const [notifications, setNotifications] = useState(() =>
    parseNotificationCookie(jar ? readCookie(jar.cookie, NOTIFICATION_COOKIE) : undefined),
  );

  const update = useCallback(
    (change: (list: AppNotification[]) => AppNotification[]) => {
      setNotifications((list) => {
        const next = change(list);
        if (jar) jar.cookie = notificationCookieLine(next);
        return next;
      });
    },
    [jar],
  );

  const addNotification = useCallback(
    (notification: NewNotification) => {
      const parsed = notificationSchema.parse(notification);
      update((list) => [...list.filter((n) => n.id !== parsed.id), parsed]);
    },
    [update],
  );
  const dismissNotification = useCallback(
    (id: string) => update((list) => list.filter((n) => n.id !== id)),
    [update],
  );
  const forPath = useCallback(
    (pathname: string) => notifications.filter((n) => routeMatches(n.forRoute, pathname)),
    [notifications],
  );

  const value = useMemo(
    () => ({ notifications, addNotification, dismissNotification, forPath }),
    [notifications, addNotification, dismissNotification, forPath],
  );
  return <NotificationContext value={value}>{children}</NotificationContext>;
}

export function useNotifications(): NotificationState {
  const state = use(NotificationContext);
  if (!state) throw new Error("useNotifications must be used within a NotificationProvider.");
  return state;
}
