import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LANDING, destinationAfterLogin } from "./after-login.ts";

const policy = (warn = vi.fn(), allowDevHosts = true) => ({
  allowedHosts: ["lumen.example"],
  currentOrigin: "https://lumen.example",
  allowDevHosts,
  warn,
});

describe("destinationAfterLogin", () => {
  it("follows a path on our origin, an allowed host and a localhost development host", () => {
    expect(destinationAfterLogin("/web/streak?x=1", policy())).toBe("/web/streak?x=1");
    expect(destinationAfterLogin("https://lumen.example/web/build", policy())).toBe(
      "https://lumen.example/web/build",
    );
    expect(destinationAfterLogin("http://localhost:5173/web", policy())).toBe(
      "http://localhost:5173/web",
    );
  });

  it("refuses a localhost development host when the server runs in production", () => {
    const warn = vi.fn();
    expect(destinationAfterLogin("http://localhost:5173/web", policy(warn, false))).toBe(
      DEFAULT_LANDING,
    );
    expect(warn).toHaveBeenCalledWith(
      "The redirect host must be one of the allowed hosts: lumen.example",
    );
  });

  it("uses the default landing without a warning when there is no redirectUrl", () => {
    const warn = vi.fn();
    expect(destinationAfterLogin(undefined, policy(warn))).toBe(DEFAULT_LANDING);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://lumen.example@evil.example",
    "https://evil.example",
    "HTTPS://EVIL.EXAMPLE/",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "https://lumen.example:8443/",
    "http://lumen.example/",
    "\thttps://evil.example",
  ])("refuses %s with the allowed-hosts warning", (url) => {
    const warn = vi.fn();
    expect(destinationAfterLogin(url, policy(warn))).toBe(DEFAULT_LANDING);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("The redirect host must be one of the allowed hosts"),
    );
  });
});
