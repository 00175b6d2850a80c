/**
 * The moderation page's calls (issue 17): the queue of open reports, hidden content and bans, and
 * the admin's actions on them. Answers are checked against the shared contract; a refused call
 * throws the app's ApiError with the server's message, which the page shows as it is.
 */
import {
  type ModerationActionBody,
  type ModerationBanBody,
  type ModerationQueue,
  moderationQueueSchema,
} from "@lumen/contracts";
import { queryOptions } from "@tanstack/react-query";
import { sendApi as send } from "../../../lib/api-call.ts";

export type ContentAction = "hide" | "restore" | "dismiss";

export const moderationApi = {
  queue: async (): Promise<ModerationQueue> =>
    moderationQueueSchema.parse(await send("/v1/admin/moderation")),
  act: (action: ContentAction, body: ModerationActionBody) =>
    send(`/v1/admin/moderation/${action}`, { method: "POST", body: JSON.stringify(body) }),
  ban: (body: ModerationBanBody) =>
    send("/v1/admin/moderation/bans", { method: "POST", body: JSON.stringify(body) }),
  lift: (userId: string) =>
    send(`/v1/admin/moderation/bans/${encodeURIComponent(userId)}`, { method: "DELETE" }),
};

export const moderationKey = ["admin", "moderation"] as const;

export const moderationQuery = () =>
  queryOptions({ queryKey: moderationKey, queryFn: moderationApi.queue });
