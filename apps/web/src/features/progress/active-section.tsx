/**
 * The redirects to where the learner left off (issue 7):
 * - /web/{trackId}/section/active goes to the track's active section;
 * - /web/redirect-to-active-section goes to the active track's active section, or to the track
 *   picker when the learner has no track yet.
 * Signed-in learners ask the server (the authority); signed-out ones use the cookies. The routes'
 * loaders (loaders.ts) find the place and redirect; these screens show only while they look.
 */

import { Quiet } from "./components/parts.tsx";

export function ActiveSectionRedirect() {
  return <Quiet>Finding where you left off…</Quiet>;
}

export function RedirectToActiveSection() {
  return <Quiet>Finding where you left off…</Quiet>;
}
