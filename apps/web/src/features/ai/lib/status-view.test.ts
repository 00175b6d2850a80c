import type { AiStatusAnswer } from "@lumen/contracts";
import { describe, expect, it } from "vitest";
import { statusView } from "./status-view.ts";

const base: AiStatusAnswer = {
  configured: true,
  assistantName: "Lumen AI",
  creditsPerMessage: 1,
  freeMessagesPerDay: 5,
  freeMessagesLeft: 3,
  balance: 0,
  nextMessageCost: 0,
  canSend: true,
  blockedReason: null,
  rateLimitPerMinute: 10,
  unlockedBy: "tier-1",
};

describe("statusView", () => {
  it("counts free messages left while they last", () => {
    expect(statusView(base)).toEqual({ kind: "ready", cost: "Free: 3 free messages left today." });
  });
  it("states the credit cost once free messages are gone", () => {
    expect(statusView({ ...base, freeMessagesLeft: 0, nextMessageCost: 1, balance: 7 })).toEqual({
      kind: "ready",
      cost: "Each message costs 1 credit; you have 7 credits.",
    });
  });
  it("says what happened and what unlocks more when out of credits", () => {
    const view = statusView({
      ...base,
      freeMessagesLeft: 0,
      nextMessageCost: 1,
      canSend: false,
      blockedReason: "insufficient_credits",
    });
    expect(view).toMatchObject({
      kind: "blocked",
      reason: "insufficient_credits",
      link: "/web/subscribe",
    });
    expect(view.kind === "blocked" && view.text).toMatch(/The 100 Credits plan unlocks more\./);
  });
  it("names the setting an admin sets when no model is configured", () => {
    const view = statusView({
      ...base,
      configured: false,
      canSend: false,
      blockedReason: "not_configured",
    });
    expect(view).toMatchObject({ title: "Lumen AI is not set up on this server" });
    expect(view.kind === "blocked" && view.text).toMatch(/AI_BASE_URL and AI_MODEL/);
  });
});
