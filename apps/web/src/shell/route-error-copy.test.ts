import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-error.ts";
import { describeRouteError } from "./route-error-copy.ts";

const online = { online: true, supportEmail: "help@lumen.example" };
const offline = { ...online, online: false };
const CHUNK = new TypeError(
  "Failed to fetch dynamically imported module: https://lumen.example/assets/sync-progress-X.js",
);

describe("describeRouteError", () => {
  it("says a screen's code not kept on the device is for when the learner is back online", () => {
    expect(describeRouteError(CHUNK, offline)).toMatchObject({
      kind: "offline",
      title: "You're offline",
    });
    expect(describeRouteError(new TypeError("Failed to fetch"), offline).kind).toBe("offline");
  });

  it("asks for a reload when a screen's code is gone online (a newer deploy)", () => {
    expect(describeRouteError(CHUNK, online)).toMatchObject({ kind: "stale", action: "Reload" });
  });

  it("says the server could not be reached when a request got no answer online", () => {
    expect(describeRouteError(new TypeError("Failed to fetch"), online)).toMatchObject({
      kind: "offline",
      title: "We could not reach the server",
    });
    expect(describeRouteError(ApiError.unreachable(), online).kind).toBe("offline");
  });

  it("shows the sentence of an answer the server refused, or of our own loader", () => {
    expect(
      describeRouteError(new ApiError(404, "not_found", "We could not find this chapter."), online),
    ).toMatchObject({ kind: "refused", sentence: "We could not find this chapter." });
    expect(describeRouteError(new Error('There is no track "abc".'), offline)).toMatchObject({
      kind: "refused",
      sentence: 'There is no track "abc".',
    });
  });

  it("never shows a program's own failure, only a plain sentence with where to write", () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'lessons')");
    const copy = describeRouteError(bug, online);
    expect(copy.kind).toBe("unknown");
    expect(copy.sentence).not.toContain("Cannot read");
    expect(copy.sentence).toContain("help@lumen.example");
    expect(describeRouteError("a thrown string", online).kind).toBe("unknown");
    expect(describeRouteError(new Error(""), online).kind).toBe("unknown");
  });
});
