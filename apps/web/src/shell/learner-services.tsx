/**
 * What runs beside every screen for the learner without being needed to draw the first one:
 * sending queued progress (a guest's, or made offline) once signed in and online. The shell loads
 * it when the browser is idle, so its code stays out of every screen's first load (issue 6's
 * budget for the lesson screen). Settings sync is not here: it starts with the shell, so a setting
 * changed in the first seconds is never taken for the device's old value.
 */
import { AutoSync } from "../features/progress/hooks/use-auto-sync.ts";

export default function LearnerServices() {
  return <AutoSync />;
}
