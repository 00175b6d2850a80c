/**
 * Mounted once in the app shell: keeps reduced motion in step with the device's preference, and,
 * while a learner is signed in, their settings in step with their account (lib/settings-sync.ts).
 */
import { useEffect } from "react";
import { watchDeviceMotion } from "../../../lib/motion.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";

export function SettingsSync() {
  const { status, user } = useAuth();
  const userId = status === "signedIn" ? user?.id : undefined;
  useEffect(() => watchDeviceMotion(), []);
  useEffect(() => {
    if (!userId) return;
    // Loaded once someone signs in: a guest's first load does not carry the sync's code.
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("../lib/settings-sync.ts").then(({ startSettingsSync }) => {
      if (!cancelled) stop = startSettingsSync(userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return null;
}
