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
    answerWith({ flags: { ...allOff, exampleFlag: true }, overrides: "none" });
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
    answerWith(
      { flags: allOff, overrides: "none" },
      { flags: { ...allOff, enableDiffView: true }, overrides: "none" },
    );
    await provider.refresh();
    expect(changed).not.toHaveBeenCalled();
    await provider.refresh();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed.mock.calls[0]?.[0]).toMatchObject({ flagsChanged: ["enableDiffView"] });
  });

  it("keeps its values when the server cannot be reached", async () => {
    const provider = new LumenWebProvider();
    answerWith({ flags: { ...allOff, exampleFlag: true }, overrides: "none" });
    await provider.refresh();
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    await provider.refresh();
    expect(provider.resolveBooleanEvaluation("exampleFlag", false).value).toBe(true);
  });

  it("warns 'Failed to parse overrides cookie' once per bad value the server reports", async () => {
    const provider = new LumenWebProvider();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error");
    const invalid = { flags: allOff, overrides: "invalid" };
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
});
