// @vitest-environment happy-dom
/**
 * Notifications on their route (issue 14, spec section 3): the ones the cookie carries show on
 * the route their `forRoute` names and nowhere else, follow the learner to their route, and a
 * dismissed one is gone from the cookie too. The sound provider starts from the stored value.
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { NOTIFICATION_COOKIE } from "./notification-cookie.ts";
import { NotificationOutlet } from "./notification-outlet.tsx";
import { NotificationProvider } from "./notification-provider.tsx";
import { SOUND_STORAGE_KEY } from "./sound-preference.ts";
import { SoundProvider, type SoundState, useSound } from "./sound-provider.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

function appAt(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <NotificationOutlet />
        <Outlet />
      </>
    ),
  });
  const page = (p: string) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <p>page {p}</p> });
  const router = createRouter({
    routeTree: root.addChildren([
      page("/web/streak"),
      page("/web/library"),
      page("/web/$trackId/section/$sectionIndex"),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return router;
}

async function render(path: string, jar: { cookie: string }) {
  const router = appAt(path);
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <NotificationProvider jar={jar}>
        <RouterProvider router={router} />
      </NotificationProvider>,
    );
  });
  await act(async () => {
    await router.load();
  });
  return { container, router, unmount: () => act(() => root.unmount()) };
}

const cookieWith = (list: unknown[]) => ({
  cookie: `${NOTIFICATION_COOKIE}=${encodeURIComponent(JSON.stringify(list))}`,
});

describe("NotificationOutlet", () => {
  it("shows each notification from the cookie on its own route only", async () => {
    const jar = cookieWith([
      { id: "streak", forRoute: "/web/streak", title: "Streak saved" },
      { id: "section", forRoute: "/web/$trackId/section/$sectionIndex", title: "New section" },
      { id: "all", forRoute: "*", title: "Everywhere" },
    ]);
    const { container, router, unmount } = await render("/web/streak", jar);
    const titles = () =>
      [...container.querySelectorAll('[aria-label="Notifications"] li p.font-semibold')].map(
        (p) => p.textContent,
      );
    expect(titles()).toEqual(["Streak saved", "Everywhere"]);
    await act(async () => {
      await router.navigate({
        to: "/web/$trackId/section/$sectionIndex",
        params: { trackId: "2", sectionIndex: "0" },
      });
    });
    expect(titles()).toEqual(["New section", "Everywhere"]);
    await act(async () => {
      await router.navigate({ to: "/web/library" });
    });
    expect(titles()).toEqual(["Everywhere"]);
    unmount();
  });

  it("dismisses a notification, and the cookie forgets it", async () => {
    const jar = cookieWith([{ id: "streak", forRoute: "/web/streak", title: "Streak saved" }]);
    const { container, unmount } = await render("/web/streak", jar);
    const dismiss = container.querySelector<HTMLButtonElement>(
      'button[aria-label="Dismiss: Streak saved"]',
    );
    expect(dismiss).not.toBeNull();
    await act(async () => dismiss?.click());
    expect(container.querySelector('[aria-label="Notifications"]')).toBeNull();
    expect(jar.cookie).toContain("Max-Age=0");
    unmount();
  });

  it("shows nothing for a cookie that does not parse", async () => {
    const jar = { cookie: `${NOTIFICATION_COOKIE}=%7Bnot-json` };
    const { container, unmount } = await render("/web/streak", jar);
    expect(container.querySelector('[aria-label="Notifications"]')).toBeNull();
    expect(container.textContent).toContain("page /web/streak");
    unmount();
  });
});

describe("SoundProvider on load", () => {
  function mountSound() {
    const seen: { current?: SoundState } = {};
    function Probe() {
      seen.current = useSound();
      return null;
    }
    const root = createRoot(document.createElement("div"));
    act(() =>
      root.render(
        <SoundProvider play={() => undefined}>
          <Probe />
        </SoundProvider>,
      ),
    );
    return { seen, unmount: () => act(() => root.unmount()) };
  }

  it("is on when nothing is stored", () => {
    const { seen, unmount } = mountSound();
    expect(seen.current?.enabled).toBe(true);
    unmount();
  });

  it("takes the stored value over the default", () => {
    localStorage.setItem(SOUND_STORAGE_KEY, "false");
    const { seen, unmount } = mountSound();
    expect(seen.current?.enabled).toBe(false);
    unmount();
  });
});
