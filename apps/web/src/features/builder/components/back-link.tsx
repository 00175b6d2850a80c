/**
 * A builder screen's back button (issue 18): to `?backlink=` when the redirect allow-list lets it
 * through (lib/backlink.ts), else to the screen's own parent. An address on this origin navigates
 * in the app; an allowed product host is an ordinary link.
 */
import { useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { Button } from "../../../ui/index.ts";
import { backlinkTarget } from "../lib/backlink.ts";

function inApp(target: string): string | null {
  const url = new URL(target, window.location.origin);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

export function BackLink({
  backlink,
  fallback,
  children = "Back",
}: {
  backlink: string | undefined;
  fallback: string;
  children?: string;
}) {
  const navigate = useNavigate();
  // Once per backlink: a refused one warns on the console, which a re-render must not repeat.
  const target = useMemo(() => backlinkTarget(backlink, fallback), [backlink, fallback]);
  const path = inApp(target);
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <a
        href={path ?? target}
        onClick={(event) => {
          if (!path || event.button !== 0) return;
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          void navigate({ href: path });
        }}
      >
        <span aria-hidden="true">←</span> {children}
      </a>
    </Button>
  );
}
