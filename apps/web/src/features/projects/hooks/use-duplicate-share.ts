/**
 * "Duplicate" on a shared page: signed in, copies the share into the learner's projects and sends
 * `duplicate_shared_code`; signed out, goes to the login with a way back to this page.
 */
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { track } from "../../../analytics/track.ts";
import { sharesApi } from "../../../lib/shares-client.ts";
import { useAuth } from "../../auth/components/auth-provider.tsx";

export function useDuplicateShare(code: string) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => sharesApi.duplicate(code),
    onSuccess: () => track("duplicate_shared_code", { share_code: code }),
  });
  const duplicate = () => {
    if (status !== "signedIn") {
      void navigate({ to: "/web/login", search: { redirectUrl: `/web/shared/${code}` } });
      return;
    }
    mutation.mutate();
  };
  return { duplicate, mutation, signedIn: status === "signedIn" };
}
