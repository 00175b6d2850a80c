/**
 * The time zone events are shown in (issue 17): a signed-in learner's account setting (the zone
 * their streak days count in, chosen on the profile or following the device), a guest's browser.
 */
import { useQuery } from "@tanstack/react-query";
import { progressQuery } from "../../../lib/queries.ts";
import { browserTimeZone } from "../../progress/lib/progress-api.ts";

export function useViewerTimeZone(signedIn: boolean): string {
  const progress = useQuery({ ...progressQuery(), enabled: signedIn });
  return (signedIn ? progress.data?.timeZone : undefined) ?? browserTimeZone();
}
