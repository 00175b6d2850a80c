import { describe, expect, it } from "vitest";
import { anyThirdParty, dataLayerEntry, pixelUrl } from "./third-party.ts";

describe("third-party analytics", () => {
  it("is off unless an operator configures one", () => {
    expect(anyThirdParty({})).toBe(false);
    expect(anyThirdParty({ tagManagerUrl: "" })).toBe(false);
    expect(anyThirdParty({ adPixelUrl: "https://px.example/p.gif?id=1" })).toBe(true);
  });

  it("names the event in the pixel's address and the data layer entry", () => {
    expect(pixelUrl("https://px.example/p.gif?id=1", "finish_lesson")).toBe(
      "https://px.example/p.gif?id=1&ev=finish_lesson",
    );
    expect(dataLayerEntry("open_lesson", { lessonId: 3, event: "spoof" })).toEqual({
      lessonId: 3,
      event: "open_lesson",
    });
  });
});
