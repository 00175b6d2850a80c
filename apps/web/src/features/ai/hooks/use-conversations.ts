/** The learner's assistant conversations (newest first), and deleting one. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { aiApi } from "../api/ai-client.ts";

const KEY = ["ai", "conversations", "assistant"] as const;

export function useConversations(enabled: boolean) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => aiApi.conversations({ kind: "assistant" }),
    enabled,
  });
  const remove = useMutation({
    mutationFn: aiApi.deleteConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return { list, remove, refresh };
}
