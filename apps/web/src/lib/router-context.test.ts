import { describe, expect, it } from "vitest";
import { createAuthSource } from "./router-context.ts";

describe("the auth source route loaders read", () => {
  it("starts initializing and follows every update", () => {
    const auth = createAuthSource();
    expect(auth.current()).toEqual({ status: "initializing", userId: null });
    auth.update({ status: "signedIn", userId: "u1" });
    expect(auth.current()).toEqual({ status: "signedIn", userId: "u1" });
    auth.update({ status: "signedOut", userId: null });
    expect(auth.current().status).toBe("signedOut");
  });

  it("settles once the session is restored or refused, for whoever waited before", async () => {
    const auth = createAuthSource();
    const waited = auth.settled();
    auth.update({ status: "initializing", userId: null });
    auth.update({ status: "signedIn", userId: "u1" });
    await expect(waited).resolves.toEqual({ status: "signedIn", userId: "u1" });
    await expect(auth.settled()).resolves.toEqual({ status: "signedIn", userId: "u1" });
  });
});
