/** The console's list of live events (issue 17): one key, so that a save refreshes it. */
import { queryOptions } from "@tanstack/react-query";
import { adminEventsApi } from "../../events/api/events-client.ts";

export const adminEventsKey = ["admin", "live-events"] as const;

export const adminEventsQuery = () =>
  queryOptions({ queryKey: adminEventsKey, queryFn: adminEventsApi.list });
