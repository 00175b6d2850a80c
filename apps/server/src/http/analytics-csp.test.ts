import { describe, expect, it } from "vitest";
import { analyticsOrigins } from "./analytics-csp.ts";

describe("the CSP origins of third-party analytics", () => {
  it("adds nothing by default", () => {
    expect(analyticsOrigins({})).toEqual({ script: [], img: [], connect: [] });
  });

  it("allows each configured service where it needs it, by origin only", () => {
    expect(
      analyticsOrigins({
        TAG_MANAGER_URL: "https://tags.example.com/gtm.js?id=GTM-1",
        AD_PIXEL_URL: "https://px.example.net/p.gif?id=9",
        ANALYTICS_SERVICE_URL: "https://collect.example.org/v1/e",
      }),
    ).toEqual({
      script: ["https://tags.example.com"],
      img: ["https://tags.example.com", "https://px.example.net"],
      connect: ["https://tags.example.com", "https://collect.example.org"],
    });
  });
});
