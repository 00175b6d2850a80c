/**
 * Notifications a page should show, read from the `lumen_notifications` cookie (spec section 3):
 * a JSON list the server or an earlier page can set. A value that does not parse is ignored with
 * a console message rather than breaking the page. zod/mini keeps the shell's bundle small.
 */
import * as z from "zod/mini";

export const NOTIFICATION_COOKIE = "lumen_notifications";

export const notificationSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The route it belongs on: an exact path, a route pattern with `$params`, or `*` for any. */
  forRoute: z.string().check(z.minLength(1), z.maxLength(300)),
  title: z.string().check(z.maxLength(200)),
  body: z.optional(z.string().check(z.maxLength(1000))),
  tone: z._default(z.enum(["info", "success", "celebrate"]), "info"),
  /** An in-app link the notification offers, with its label. */
  href: z.optional(z.string().check(z.regex(/^\/(?!\/)/))),
  linkLabel: z.optional(z.string().check(z.maxLength(60))),
});
export type AppNotification = z.infer<typeof notificationSchema>;
export type NewNotification = z.input<typeof notificationSchema>;

const cookieSchema = z.array(notificationSchema);

export const NOTIFICATION_PARSE_MESSAGE = "Ignoring the notifications cookie: it does not parse.";

/** The notifications in a cookie value; none (and a console message) when it does not parse. */
export function parseNotificationCookie(
  value: string | undefined,
  log: (message: string, detail: unknown) => void = console.warn,
): AppNotification[] {
  if (value === undefined || value === "") return [];
  try {
    const result = cookieSchema.safeParse(JSON.parse(value));
    if (result.success) return result.data;
    log(NOTIFICATION_PARSE_MESSAGE, result.error.issues[0]?.message);
  } catch (error) {
    log(NOTIFICATION_PARSE_MESSAGE, error instanceof Error ? error.message : error);
  }
  return [];
}

/** Whether a notification's `forRoute` names this pathname. */
export function routeMatches(forRoute: string, pathname: string): boolean {
  if (forRoute === "*") return true;
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  const want = trim(forRoute).split("/");
  const have = trim(pathname).split("/");
  return (
    want.length === have.length &&
    want.every((segment, i) => segment === have[i] || (segment.startsWith("$") && have[i] !== ""))
  );
}

/** The cookie line that stores these notifications (session-long: they are shown, then gone). */
export function notificationCookieLine(notifications: AppNotification[]): string {
  if (notifications.length === 0) {
    return `${NOTIFICATION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`;
  }
  return `${NOTIFICATION_COOKIE}=${encodeURIComponent(JSON.stringify(notifications))}; Path=/; SameSite=Lax; Secure`;
}
