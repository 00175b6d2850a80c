import { describe, expect, it } from "vitest";
import {
  LOCAL_DEV_HOSTS,
  REDIRECT_HOST_WARNING,
  type RedirectPolicy,
  redirectHostWarning,
  safeRedirect,
} from "./redirect.ts";

// Spec section 2: "After login the redirectUrl is honoured only if its host is in an allow-list
// of the product's own domains and localhost development hosts."
const policy: RedirectPolicy = {
  allowedHosts: ["lumen.dev", "app.lumen.dev"],
  currentOrigin: "https://lumen.dev",
  allowDevHosts: true,
};
/** The same site in production: the localhost development hosts are not followed there. */
const production: RedirectPolicy = { ...policy, allowDevHosts: false };
const warning =
  "The redirect host must be one of the allowed hosts: lumen.dev, app.lumen.dev, localhost, 127.0.0.1, [::1]";

const refusedAs = (reason: string) => ({ url: null, reason, warning });

describe("safeRedirect: what is followed", () => {
  it.each([
    ["/web/streak", "/web/streak"],
    ["/", "/"],
    [
      "/web/track/1/tutorial/101/chapter/10101/learn?lesson=2#editor",
      "/web/track/1/tutorial/101/chapter/10101/learn?lesson=2#editor",
    ],
    // A redirectUrl nested in the query is data for the next page, not a destination here.
    ["/web/login?redirectUrl=%2F%2Fevil.example", "/web/login?redirectUrl=%2F%2Fevil.example"],
    ["/web/library/caf%C3%A9", "/web/library/caf%C3%A9"],
    ["/web/./events", "/web/events"],
  ])("follows the relative path %s on the same origin", (input, url) => {
    expect(safeRedirect(input, policy)).toEqual({ url, reason: "relative-path" });
  });

  it.each([
    ["https://lumen.dev/web/events", "https://lumen.dev/web/events"],
    ["HTTPS://LUMEN.DEV/web/events", "https://lumen.dev/web/events"],
    ["https://lumen.dev:443/web/events", "https://lumen.dev/web/events"],
  ])("follows %s on the current origin", (input, url) => {
    expect(safeRedirect(input, policy)).toEqual({ url, reason: "same-origin" });
  });

  it.each([
    ["https://app.lumen.dev/web/build", "https://app.lumen.dev/web/build"],
    [
      "https://App.Lumen.Dev/web/build?backlink=%2Fweb",
      "https://app.lumen.dev/web/build?backlink=%2Fweb",
    ],
  ])("follows %s on a product host", (input, url) => {
    expect(safeRedirect(input, policy)).toEqual({ url, reason: "allowed-host" });
  });

  it.each([
    ["http://localhost:3000/web/streak", "http://localhost:3000/web/streak"],
    ["https://localhost/web/streak", "https://localhost/web/streak"],
    ["http://LOCALHOST:5173/", "http://localhost:5173/"],
    ["http://127.0.0.1:5173/web/events", "http://127.0.0.1:5173/web/events"],
    ["http://[::1]:8080/web/events", "http://[::1]:8080/web/events"],
    // The URL parser writes this IPv4 form as 127.0.0.1, so it is the same loopback host.
    ["http://0x7f.0.0.1:3000/", "http://127.0.0.1:3000/"],
  ])("follows %s on a localhost development host, on any port", (input, url) => {
    expect(safeRedirect(input, policy)).toEqual({ url, reason: "dev-host" });
  });

  it.each([
    "http://localhost:3000/web/streak",
    "https://localhost/web/streak",
    "http://127.0.0.1:5173/web/events",
    "http://[::1]:8080/web/events",
    "http://0x7f.0.0.1:3000/",
  ])("refuses %s in production: the localhost exception is for development only", (input) => {
    expect(safeRedirect(input, production)).toEqual({
      url: null,
      reason: "host-not-allowed",
      warning: "The redirect host must be one of the allowed hosts: lumen.dev, app.lumen.dev",
    });
  });

  it("still follows the product's own hosts and paths in production", () => {
    expect(safeRedirect("https://app.lumen.dev/web", production).reason).toBe("allowed-host");
    expect(safeRedirect("/web/streak", production).reason).toBe("relative-path");
  });

  it.each([undefined, null, ""])("has nothing to follow, and no warning, for %j", (input) => {
    expect(safeRedirect(input, policy)).toEqual({ url: null, reason: "missing" });
  });
});

describe("safeRedirect: open-redirect tricks are refused with the warning", () => {
  it.each([
    ["//evil.example", "scheme-relative"],
    ["///evil.example", "scheme-relative"],
    ["//lumen.dev@evil.example", "scheme-relative"],
    ["/\\evil.example", "backslash"],
    ["\\\\evil.example", "backslash"],
    ["\\/evil.example", "backslash"],
    ["https:\\\\evil.example", "backslash"],
    ["https://lumen.dev\\@evil.example", "backslash"],
  ])("scheme-relative form %j", (input, reason) => {
    expect(safeRedirect(input, policy)).toEqual(refusedAs(reason));
  });

  it.each([
    "https:evil.example",
    "HTTPS:evil.example",
    "https:/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "javascript://lumen.dev/%0aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    "ftp://lumen.dev/file",
    "evil.example",
    "web/streak",
    "?redirect=1",
    "／／evil.example",
  ])("other schemes and unrooted forms: %j", (input) => {
    expect(safeRedirect(input, policy)).toEqual(refusedAs("unsupported-form"));
  });

  it.each([
    "https://allowed@evil.example",
    "https://lumen.dev@evil.example",
    "https://lumen.dev:443@evil.example",
    "https://lumen.dev%2F@evil.example",
    "https://evil.example@lumen.dev/",
    "https://user:pass@app.lumen.dev/",
    "http://user@localhost:3000/",
  ])("credentials in the authority: %j", (input) => {
    expect(safeRedirect(input, policy)).toEqual(refusedAs("credentials"));
  });

  it.each([
    ["%2F%2Fevil.example", "unsupported-form"],
    ["%2f%2fevil.example", "unsupported-form"],
    ["javascript%3Aalert(1)", "unsupported-form"],
    ["%6A%61vascript:alert(1)", "unsupported-form"],
    ["https%3A%2F%2Fevil.example", "unsupported-form"],
    ["/%2F%2Fevil.example", "scheme-relative"],
    ["/%2f/evil.example", "scheme-relative"],
    ["/%2F/evil.example", "scheme-relative"],
    ["/%252F%252Fevil.example", "scheme-relative"],
    ["/%5Cevil.example", "backslash"],
    ["/%5cevil.example", "backslash"],
    ["/%255Cevil.example", "backslash"],
    ["/%09/evil.example", "control-character"],
    ["/%0A/evil.example", "control-character"],
    ["/%00", "control-character"],
    ["https://lumen.dev/%2F%2Fevil.example", "scheme-relative"],
    ["https://evil%2Eexample/", "host-not-allowed"],
    ["https://lumen.dev%40evil.example/", "malformed"],
    ["/100%", "malformed"],
    ["/%E0%A4%A", "malformed"],
  ])("percent-encoded and mixed-case form %j", (input, reason) => {
    expect(safeRedirect(input, policy)).toEqual(refusedAs(reason));
  });

  it.each([
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\njavascript:alert(1)",
    " //evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/web/streak ",
    "https://lumen.dev\t.evil.example/",
    "\u0000/evil.example",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "https://evil.example\u007f/",
  ])("tab, newline, space and control-character smuggling: %j", (input) => {
    expect(safeRedirect(input, policy)).toEqual(refusedAs("control-character"));
  });

  it.each([
    "/.//evil.example",
    "/web/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E/%2Fevil.example",
    "https://lumen.dev//evil.example",
  ])("paths that normalise to a scheme-relative path: %j", (input) => {
    expect(safeRedirect(input, policy)).toEqual(refusedAs("scheme-relative"));
  });

  it.each([
    "https://evil.example/",
    "https://lumen.dev.evil.example/",
    "https://evillumen.dev/",
    "https://lumen.dev./",
    "https://sub.app.lumen.dev/",
    "https://lumen.dev:8443/",
    "https://app.lumen.dev:444/",
    "http://localhost.evil.example/",
    "http://127.0.0.1.nip.io/",
    "https://[::ffff:127.0.0.1]/",
  ])("hosts outside the allow-list, and product hosts on another port: %j", (input) => {
    expect(safeRedirect(input, policy)).toEqual(refusedAs("host-not-allowed"));
  });

  it.each(["http://app.lumen.dev/web/build", "http://lumen.dev/web/events"])(
    "product hosts over plain http: %j",
    (input) => {
      expect(safeRedirect(input, policy)).toEqual(refusedAs("insecure-scheme"));
    },
  );
});

describe("redirect policy configuration", () => {
  it("compares product hosts as URL.host writes them", () => {
    const laptop = {
      allowedHosts: ["Lumen.dev:443", "app.lumen.dev:8443"],
      currentOrigin: "http://localhost:3000",
      allowDevHosts: true,
    };
    expect(safeRedirect("https://lumen.dev/x", laptop)).toEqual({
      url: "https://lumen.dev/x",
      reason: "allowed-host",
    });
    expect(safeRedirect("https://app.lumen.dev:8443/x", laptop).reason).toBe("allowed-host");
    expect(safeRedirect("https://app.lumen.dev/x", laptop).reason).toBe("host-not-allowed");
  });

  it("allows the current origin over http when the app itself runs on http", () => {
    const lan = {
      allowedHosts: ["lumen.lan"],
      currentOrigin: "http://lumen.lan",
      allowDevHosts: false,
    };
    expect(safeRedirect("http://lumen.lan/web/streak", lan)).toEqual({
      url: "http://lumen.lan/web/streak",
      reason: "same-origin",
    });
    expect(safeRedirect("/web/streak", lan)).toEqual({
      url: "/web/streak",
      reason: "relative-path",
    });
  });

  it.each(["https://lumen.dev", "lumen.dev/web", "user@lumen.dev", "", "lumen.dev:port"])(
    "throws for the allowed host entry %j, which is not host or host:port",
    (entry) => {
      expect(() =>
        safeRedirect("/web", {
          allowedHosts: [entry],
          currentOrigin: "https://lumen.dev",
          allowDevHosts: true,
        }),
      ).toThrow(/allowed host must be host or host:port/);
    },
  );

  it("throws for a current origin that is not http(s)", () => {
    expect(() =>
      safeRedirect("/web", {
        allowedHosts: [],
        currentOrigin: "javascript:alert(1)",
        allowDevHosts: true,
      }),
    ).toThrow(/currentOrigin/);
    expect(() =>
      safeRedirect("/web", { allowedHosts: [], currentOrigin: "not a url", allowDevHosts: true }),
    ).toThrow();
  });
});

describe("redirectHostWarning (spec section 2: a console warning says the redirect host must be one of the allowed ones)", () => {
  it("names the product hosts and the localhost development hosts", () => {
    expect(REDIRECT_HOST_WARNING).toBe("The redirect host must be one of the allowed hosts");
    expect(LOCAL_DEV_HOSTS).toEqual(["localhost", "127.0.0.1", "[::1]"]);
    expect(redirectHostWarning(["lumen.dev", "app.lumen.dev"], true)).toBe(warning);
    expect(redirectHostWarning([], true)).toBe(
      "The redirect host must be one of the allowed hosts: localhost, 127.0.0.1, [::1]",
    );
  });

  it("leaves the development hosts out in production, and says when no host is set", () => {
    expect(redirectHostWarning(["lumen.dev"], false)).toBe(
      "The redirect host must be one of the allowed hosts: lumen.dev",
    );
    expect(redirectHostWarning([], false)).toBe(
      "The redirect host must be one of the allowed hosts (none are set: only this site's own paths are followed)",
    );
  });
});
