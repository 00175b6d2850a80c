import { describe, expect, it, vi } from "vitest";
import { activeTrackCookieNames, clearLearnerTraces } from "./logout-cleanup.ts";

describe("clearLearnerTraces", () => {
  it("expires the active-track cookies only, and resets the analytics identity", () => {
    const written: string[] = [];
    const doc = {
      get cookie() {
        return "theme=dark; activeTrackId=3; activeSection_3=2; other=1";
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    const reset = vi.fn();
    clearLearnerTraces(doc, reset);
    expect(written).toEqual([
      "activeTrackId=; Max-Age=0; Path=/; SameSite=Lax; Secure",
      "activeSection_3=; Max-Age=0; Path=/; SameSite=Lax; Secure",
    ]);
    expect(reset).toHaveBeenCalledOnce();
    expect(activeTrackCookieNames("")).toEqual([]);
  });
});
