/**
 * `GET /v1/ai/status` for the signed-in learner: what the next message costs and whether it can
 * be sent, read before the learner types (shared by the tutor and the chat box).
 */
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../auth/components/auth-provider.tsx";
import { aiApi } from "../api/ai-client.ts";

export const AI_STATUS_KEY = ["ai", "status"] as const;

export function useAiStatus() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: AI_STATUS_KEY,
    queryFn: aiApi.status,
    enabled: status === "signedIn" && user !== null,
    staleTime: 30_000,
  });
}
