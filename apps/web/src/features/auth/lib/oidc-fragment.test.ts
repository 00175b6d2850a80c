import { describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES } from "./error-messages.ts";
import { readOidcFragment, withoutFragment } from "./oidc-fragment.ts";

describe("readOidcFragment: what the hosted sign-in's callback left in the fragment", () => {
  it("reads the one-time code, an error code and a linked provider", () => {
    const code = "a".repeat(43);
    expect(readOidcFragment(`#oidc=${code}`)).toEqual({ handoff: code });
    expect(readOidcFragment("#oidcError=auth%2Fspent-oauth-state")).toEqual({
      error: "auth/spent-oauth-state",
    });
    expect(readOidcFragment("#oidcLinked=google")).toEqual({ linked: "google" });
  });

  it("ignores other fragments and malformed values", () => {
    expect(readOidcFragment("")).toBeNull();
    expect(readOidcFragment("#verifyEmail=abc")).toBeNull();
    expect(readOidcFragment("#oidc=short")).toBeNull();
    expect(readOidcFragment("#oidcError=<script>")).toBeNull();
    expect(readOidcFragment("#oidcLinked=../x")).toBeNull();
  });

  it("drops the fragment and keeps the rest of the address", () => {
    expect(withoutFragment({ pathname: "/web/login", search: "?redirectUrl=%2Fweb" })).toBe(
      "/web/login?redirectUrl=%2Fweb",
    );
  });
});

describe("the hosted sign-in's codes each have a sentence on the login screen", () => {
  it.each([
    "auth/invalid-oauth-state",
    "auth/spent-oauth-state",
    "auth/invalid-credential",
    "auth/user-cancelled",
    "auth/missing-email",
    "auth/no-such-provider",
    "auth/account-exists-with-different-credential",
    "auth/credential-already-in-use",
    "auth/provider-already-linked",
    "auth/last-sign-in-method",
    "auth/provider-unavailable",
  ])("%s", (code) => {
    expect(AUTH_ERROR_MESSAGES[code]?.text).toMatch(/^[A-Z].+\.$/);
  });
});
