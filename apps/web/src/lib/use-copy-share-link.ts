/**
 * Copies a share's link to the clipboard and sends `copy_project_url` (spec section 2). Where the
 * clipboard is refused (an insecure page, a denied permission), the link stays selectable on screen.
 */
import { useCallback, useEffect, useState } from "react";
import { track } from "../analytics/track.ts";
import { shareUrl } from "./shares-client.ts";

export type CopyState = "idle" | "copied" | "failed";

export function useCopyShareLink(code: string, where: string) {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = useCallback(async () => {
    track("copy_project_url", { share_code: code, where });
    try {
      await navigator.clipboard.writeText(shareUrl(code));
      setState("copied");
    } catch {
      setState("failed");
    }
  }, [code, where]);
  return { state, copy };
}
