import { ProviderEvents } from "@openfeature/web-sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LumenWebProvider } from "./lumen-web-provider.ts";

const allOff = {
  showMachineLogs: false,
  exampleFlag: false,
  enableImageUploads: false,
  enableDiffView: false,
  enableCondensedContext: false,
  aiModelOverride: false,
  enablePartialFileReplacement: false,
  enableAgent2: false,
};
const none = { aiModelOverride: null };
/** An answer of GET /v1/flags for an anonymous visitor, with PART changed. */
const answer = (part: Record<string, unknown> = {}) => ({
  flags: allOff,
  values: none,
  overrides: "none",
  caller: null,
  ...part,
});

function answerWith(...bodies: unknown[]) {
  const fetch = vi.fn();
  for (const body of bodies) fetch.mockResolvedValueOnce(new Response(JSON.stringify(body)));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("LumenWebProvider", () => {
  it("answers off until the server has answered, then the server's values", async () => {
    const provider = new LumenWebProvider();
    expect(provider.resolveBooleanEvaluation("exampleFlag", true).value).toBe(false);
    answerWith(answer({ flags: { ...allOff, exampleFlag: true } }));
    await provider.initialize();
    expect(provider.resolveBooleanEvaluation("exampleFlag", false).value).toBe(true);
    expect(provider.resolveBooleanEvaluation("enableAgent2", true).value).toBe(false);
    expect(provider.resolveBooleanEvaluation("noSuchFlag", true)).toMatchObject({
      value: true,
      errorCode: "FLAG_NOT_FOUND",
    });
  });

  it("announces a change only when a value differs, naming the flags", async () => {
    const provider = new LumenWebProvider();
    const changed = vi.fn();
    provider.events.addHandler(ProviderEvents.ConfigurationChanged, changed);
    answerWith(answer(), answer({ flags: { ...allOff, enableDiffView: true } }));
    await provider.refresh();
    expect(changed).not.toHaveBeenCalled();
    await provider.refresh();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed.mock.calls[0]?.[0]).toMatchObject({ flagsChanged: ["enableDiffView"] });
  });

  it("keeps its values when the server cannot be reached", async () => {
    const provider = new LumenWebProvider();
    answerWith(answer({ flags: { ...allOff, exampleFlag: true } }));
    await provider.refresh();
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    await provider.refresh();
    expect(provider.resolveBooleanEvaluation("exampleFlag", false).value).toBe(true);
  });

  it("warns 'Failed to parse overrides cookie' once per bad value the server reports", async () => {
    const provider = new LumenWebProvider();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error");
    const invalid = answer({ overrides: "invalid" });
    vi.stubGlobal("document", { cookie: "lumen_feature_overrides={bad" });
    answerWith(invalid, invalid, invalid);
    await provider.refresh();
    await provider.refresh();
    expect(warn.mock.calls).toEqual([["Failed to parse overrides cookie"]]);
    vi.stubGlobal("document", { cookie: "lumen_feature_overrides={worse" });
    await provider.refresh();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(error).not.toHaveBeenCalled();
  });

  it("resolves aiModelOverride's model name as a string, and no other flag", async () => {
    const provider = new LumenWebProvider();
    const changed = vi.fn();
    provider.events.addHandler(ProviderEvents.ConfigurationChanged, changed);
    expect(provider.resolveStringEvaluation("aiModelOverride", "")).toMatchObject({ value: "" });
    answerWith(
      answer({
        flags: { ...allOff, aiModelOverride: true },
        values: { aiModelOverride: "gpt-4o-mini" },
      }),
      answer({ flags: { ...allOff, aiModelOverride: true } }),
    );
    await provider.refresh();
    expect(provider.resolveStringEvaluation("aiModelOverride", "")).toMatchObject({
      value: "gpt-4o-mini",
      reason: "CACHED",
    });
    expect(provider.resolveStringEvaluation("exampleFlag", "x")).toMatchObject({
      value: "x",
      errorCode: "TYPE_MISMATCH",
    });
    expect(provider.resolveStringEvaluation("noSuchFlag", "x")).toMatchObject({
      errorCode: "FLAG_NOT_FOUND",
    });
    // The value went (the flag stayed on): that is a change too.
    changed.mockClear();
    await provider.refresh();
    expect(provider.resolveStringEvaluation("aiModelOverride", "").value).toBe("");
    expect(changed.mock.calls[0]?.[0]).toMatchObject({ flagsChanged: ["aiModelOverride"] });
  });

  it("tells who the server took the caller for, and when it refused the token", async () => {
    const onCaller = vi.fn();
    const onRefused = vi.fn();
    const provider = new LumenWebProvider({ onCaller, onRefused });
    const caller = { id: "user-1", roles: ["course_engineer"] };
    answerWith(answer({ caller, flags: { ...allOff, exampleFlag: true } }));
    await provider.refresh();
    expect(onCaller).toHaveBeenCalledWith(caller);
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify({ code: "auth/requires-recent-login" }), { status: 401 }),
        ),
    );
    await provider.refresh();
    expect(onRefused).toHaveBeenCalledWith(401);
    // A refused read keeps the flags it had.
    expect(provider.resolveBooleanEvaluation("exampleFlag", false).value).toBe(true);
  });
});
