/**
 * The signed-in learner's plan (issue 15): the one query of `GET /v1/me/plan` (lib/queries.ts
 * myPlanQuery) that the account menu, the profile, the billing page and the past-due banner all
 * read. Nothing is asked for a guest.
 */
import { useQuery } from "@tanstack/react-query";
import { myPlanQuery } from "../../../lib/queries.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";

export function useMyPlan() {
  const { status, user } = useAuth();
  return useQuery({ ...myPlanQuery(), enabled: status === "signedIn" && user !== null });
}
