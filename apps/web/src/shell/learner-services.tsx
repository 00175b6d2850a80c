/**
 * What runs beside every screen for the learner without being needed to draw the first one:
 * sending queued progress (a guest's, or made offline) once signed in and online, and keeping the
 * learner's settings in step with their account. The shell loads it when the browser is idle, so
 * its code stays out of every screen's first load (issue 6's budget for the lesson screen).
 */
import { SettingsSync } from "../features/profile/components/settings-sync.tsx";
import { AutoSync } from "../features/progress/hooks/use-auto-sync.ts";

export default function LearnerServices() {
  return (
    <>
      <AutoSync />
      <SettingsSync />
    </>
  );
}
