/**
 * The assistant chat box's button on every signed-in screen (issue 16): a small floating button
 * in the shell. The chat itself (Radix dialog, Markdown, the stream reader) is a chunk of its own,
 * loaded on the first open or when the browser is idle, so the shell's first load stays small.
 */
import { useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { track } from "../../../analytics/track.ts";
import { config } from "../../../lib/config.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";

const loadChat = () => import("./assistant-chat.tsx");
const AssistantChat = lazy(() => loadChat().then((m) => ({ default: m.AssistantChat })));

/** A lesson screen on a phone keeps Run and Check in a bar stuck to the bottom: sit above it. */
const LESSON_PATH = /^\/(web|ssr)\/track\//;
/** The onboarding chat is a chat with the assistant already; a second one would only cover it. */
const WITHOUT_LAUNCHER = ["/web/onboarding/chat"];

export function ChatLauncher() {
  const { status, user } = useAuth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const signedIn = status === "signedIn" && user !== null;
  useEffect(() => {
    if (!signedIn || typeof requestIdleCallback !== "function") return;
    const id = requestIdleCallback(() => void loadChat().catch(() => undefined), {
      timeout: 10_000,
    });
    return () => cancelIdleCallback(id);
  }, [signedIn]);
  if (!signedIn || WITHOUT_LAUNCHER.includes(pathname)) return null;
  const lift = LESSON_PATH.test(pathname) ? "bottom-20 sm:bottom-4" : "bottom-4";
  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) setLoaded(true);
    track("toggle_chatbox", { open: next });
  };
  return (
    <>
      <button
        type="button"
        onClick={() => toggle(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="chatbox-button"
        className={`fixed right-4 ${lift} z-40 flex h-12 items-center gap-2 rounded-full bg-violet-700 px-4 text-sm font-semibold text-white shadow-lg hover:bg-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 print:hidden`}
      >
        <span aria-hidden="true">✦</span>
        <span className="sr-only sm:not-sr-only">{config.assistantName}</span>
        <span className="sr-only"> chat</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AssistantChat open={open} onOpenChange={toggle} />
        </Suspense>
      )}
    </>
  );
}
