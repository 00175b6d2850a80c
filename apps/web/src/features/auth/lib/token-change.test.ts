import { describe, expect, it, vi } from "vitest";
import type { AuthOptions } from "./auth-options.ts";
import { onIdTokenChanged, SessionEndpointError } from "./token-change.ts";

const options = (extra: Partial<AuthOptions> = {}): AuthOptions => ({
  clientConfig: { apiKey: "k" },
  loginAPIEndpoint: "/api/login",
  logoutAPIEndpoint: "/api/logout",
  cookies: { maxAge: 1000 },
  ...extra,
});

const answer = (status: number, body: unknown = { ok: status < 400 }) =>
  vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status }),
  );

describe("onIdTokenChanged", () => {
  it("posts the ID token to the login endpoint with credentials and no body", async () => {
    const fetchMock = answer(200);
    await onIdTokenChanged("id-token", options(), fetchMock);
    expect(fetchMock).toHaveBeenCalledWith("/api/login", {
      method: "POST",
      credentials: "include",
      headers: { Authorization: "Bearer id-token" },
    });
  });

  it("posts to the logout endpoint when signed out", async () => {
    const fetchMock = answer(200);
    await onIdTokenChanged(null, options(), fetchMock);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/logout");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: "POST", credentials: "include" });
  });

  it("throws `Received {status} response from login API endpoint` with the JSON body", async () => {
    const error = await onIdTokenChanged(
      "t",
      options(),
      answer(401, { code: "unauthenticated" }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(SessionEndpointError);
    expect(error.message).toBe("Received 401 response from login API endpoint");
    expect(error.body).toEqual({ code: "unauthenticated" });
  });

  it("says logout for the logout endpoint, and passes errors to the callback when given", async () => {
    await expect(onIdTokenChanged(null, options(), answer(500))).rejects.toThrow(
      "Received 500 response from logout API endpoint",
    );
    const onLogoutRequestError = vi.fn();
    await onIdTokenChanged(null, options({ onLogoutRequestError }), answer(403));
    expect(onLogoutRequestError).toHaveBeenCalledWith(expect.objectContaining({ status: 403 }));
    const onLoginRequestError = vi.fn();
    await onIdTokenChanged("t", options({ onLoginRequestError }), answer(502, null));
    expect(onLoginRequestError.mock.calls[0]?.[0].message).toBe(
      "Received 502 response from login API endpoint",
    );
  });

  it("hands the token to a custom handler instead of calling endpoints", async () => {
    const tokenChangedHandler = vi.fn();
    const fetchMock = answer(200);
    const custom = options({
      tokenChangedHandler,
      loginAPIEndpoint: undefined,
      logoutAPIEndpoint: undefined,
    });
    await onIdTokenChanged("t", custom, fetchMock);
    expect(tokenChangedHandler).toHaveBeenCalledWith("t");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
