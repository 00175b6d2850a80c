/**
 * The redirects to where the learner left off (issue 7):
 * - /web/{trackId}/section/active goes to the track's active section;
 * - /web/redirect-to-active-section goes to the active track's active section, or to the track
 *   picker when the learner has no track yet.
 * Signed-in learners ask the server (the authority); signed-out ones use the cookies.
 */

import { useQuery } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect } from "react";
import { useAuth } from "../../auth/auth-provider.tsx";
import { readActiveSection, readActiveTrack } from "../../progress/active-cookies.ts";
import { progressApi } from "../../progress/progress-api.ts";
import { progressKeys } from "../../progress/queries.ts";
import { Problem, Quiet } from "./parts.tsx";

const sectionRoute = getRouteApi("/web/$trackId/section/active");

/** The section a track should open on: the server's answer, or the cookie, or the first. */
async function sectionFor(trackId: number, signedIn: boolean): Promise<number> {
  if (signedIn) return (await progressApi.activeSection(trackId)).sectionIndex;
  return readActiveSection(trackId) ?? 0;
}

function useGo() {
  const navigate = useNavigate();
  return useCallback(
    (to: { trackId: number; sectionIndex: number } | "picker") =>
      to === "picker"
        ? navigate({ to: "/web/tracks", replace: true })
        : navigate({
            to: "/web/$trackId/section/$sectionIndex",
            params: { trackId: String(to.trackId), sectionIndex: String(to.sectionIndex) },
            replace: true,
          }),
    [navigate],
  );
}

export function ActiveSectionRedirect() {
  const { trackId: raw } = sectionRoute.useParams();
  const trackId = Number(raw);
  const { status } = useAuth();
  const go = useGo();
  const target = useQuery({
    queryKey: [...progressKeys.activeSection(trackId), "redirect", status],
    queryFn: () => sectionFor(trackId, status === "signedIn"),
    enabled: status !== "initializing" && Number.isSafeInteger(trackId) && trackId > 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (target.data !== undefined) void go({ trackId, sectionIndex: target.data });
  }, [target.data, trackId, go]);
  if (target.error) return <Problem error={target.error} />;
  return <Quiet>Finding where you left off…</Quiet>;
}

export function RedirectToActiveSection() {
  const { status } = useAuth();
  const go = useGo();
  const target = useQuery({
    queryKey: [...progressKeys.activeTrack(), "redirect", status],
    queryFn: async () => {
      const trackId =
        status === "signedIn"
          ? (await progressApi.activeTrack()).trackId
          : (readActiveTrack() ?? null);
      if (trackId === null) return "picker" as const;
      return { trackId, sectionIndex: await sectionFor(trackId, status === "signedIn") };
    },
    enabled: status !== "initializing",
    gcTime: 0,
  });
  useEffect(() => {
    if (target.data !== undefined) void go(target.data);
  }, [target.data, go]);
  if (target.error) return <Problem error={target.error} />;
  return <Quiet>Finding where you left off…</Quiet>;
}
