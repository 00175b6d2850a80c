/**
 * Fuzz samples of reports, moderation and mail preferences (issue 17), keyed "METHOD /v1/path" as
 * the app lists them. Targets name nothing that exists, so bent requests never hide real content.
 */
import { randomUUID } from "node:crypto";
import type { FuzzSamples } from "./types.ts";

const target = () => ({ targetKind: "share", targetId: "AAAAAAAAAAAA", note: "fuzz" });

export const MODERATION_SAMPLES: FuzzSamples = {
  "POST /v1/reports": {
    body: () => ({
      targetKind: "post",
      targetId: randomUUID(),
      reason: "other",
      details: "Fuzzed report",
    }),
  },
  "GET /v1/me/email-preferences": {},
  "PUT /v1/me/email-preferences": { body: () => ({ mentions: true, eventReminders: false }) },
  "GET /v1/admin/moderation": {},
  "POST /v1/admin/moderation/hide": { body: target },
  "POST /v1/admin/moderation/restore": { body: target },
  "POST /v1/admin/moderation/dismiss": { body: target },
  "POST /v1/admin/moderation/bans": {
    body: () => ({
      userId: randomUUID(),
      reason: "Fuzz",
      until: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  },
  "DELETE /v1/admin/moderation/bans/:userId": {},
};
