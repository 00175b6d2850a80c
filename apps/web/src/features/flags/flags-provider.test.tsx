// @vitest-environment happy-dom
/**
 * The flags in a mounted app (issue 14): the defaults until the OpenFeature side has loaded, then
 * the server's values (a valued flag's model name included); a role granted on the server reaches
 * the browser at the next flags read (the session is renewed and the account read again), and a
 * token the server refuses ends the session once renewing it fails too.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "../auth/api/identity-client.ts";
import { AuthProvider, type AuthState, useAuth } from "../auth/components/auth-provider.tsx";
import { FlagsProvider, refreshFlags, useFlag, useFlagValue } from "./flags-provider.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

/** What the server holds: the account's roles, the flags it answers, refresh tokens it takes. */
const server = {
  roles: [] as string[],
  flags: allOff,
  model: null as string | null,
  flagsStatus: 200,
  refreshTokenValid: true,
};

const user = (): AuthUser => ({
  id: "user-ada",
  email: "ada@example.com",
  emailVerified: true,
  tenantId: null,
  phoneNumber: null,
  displayName: "Ada",
  photoURL: null,
  claims: { roles: [...server.roles] },
});
const idToken = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith("/v1/auth/token")) {
    return server.refreshTokenValid
      ? json({ idToken: idToken(), refreshToken: "r2" })
      : json({ code: "auth/requires-recent-login", message: "Sign in again." }, 401);
  }
  if (url.endsWith("/v1/me")) return json(user());
  if (url.endsWith("/v1/flags")) {
    if (server.flagsStatus !== 200) {
      return json({ code: "auth/requires-recent-login", message: "x" }, server.flagsStatus);
    }
    return json({
      flags: server.flags,
      values: { aiModelOverride: server.model },
      overrides: "none",
      caller: { id: "user-ada", roles: server.roles },
    });
  }
  return new Response(null, { status: 204 });
});
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

let root: Root | undefined;
let seen: { auth: AuthState; example: boolean; model: string | null } | undefined;

function Probe() {
  seen = {
    auth: useAuth(),
    example: useFlag("exampleFlag"),
    model: useFlagValue("aiModelOverride"),
  };
  return null;
}

async function settle(until: () => boolean) {
  for (let i = 0; i < 200 && !until(); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  expect(until()).toBe(true);
}

beforeEach(async () => {
  Object.assign(server, {
    roles: [],
    flags: allOff,
    model: null,
    flagsStatus: 200,
    refreshTokenValid: true,
  });
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
  localStorage.setItem("lumen-refresh-token", "r1");
  const element = document.createElement("div");
  document.body.append(element);
  root = createRoot(element);
  await act(async () => {
    root?.render(
      <AuthProvider>
        <FlagsProvider>
          <Probe />
        </FlagsProvider>
      </AuthProvider>,
    );
  });
  await settle(() => seen?.auth.status === "signedIn" && calls("/v1/flags").length > 0);
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  seen = undefined;
  vi.unstubAllGlobals();
});

describe("FlagsProvider", () => {
  it("reads the server's flags and a valued flag's string through OpenFeature", async () => {
    expect(seen?.example).toBe(false);
    server.flags = { ...allOff, exampleFlag: true, aiModelOverride: true };
    server.model = "gpt-4o-mini";
    await act(() => refreshFlags());
    await settle(() => seen?.example === true);
    expect(seen?.model).toBe("gpt-4o-mini");
  });

  it("renews the session when the server sees other roles, and shows them", async () => {
    expect(seen?.auth.user?.claims.roles).toEqual([]);
    const tokenReads = calls("/v1/auth/token").length;
    server.roles = ["course_engineer"];
    await act(() => refreshFlags());
    await settle(() => seen?.auth.user?.claims.roles.includes("course_engineer") === true);
    expect(calls("/v1/auth/token").length).toBe(tokenReads + 1);
    expect(seen?.auth.status).toBe("signedIn");
    // Nothing to renew once both agree.
    await act(() => refreshFlags());
    await act(() => refreshFlags());
    expect(calls("/v1/auth/token").length).toBe(tokenReads + 1);
  });

  it("ends the session when the server refuses the token and it cannot be renewed", async () => {
    server.flagsStatus = 401;
    server.refreshTokenValid = false;
    await act(() => refreshFlags());
    await settle(() => seen?.auth.status === "signedOut");
    expect(seen?.auth.endedBecause).toBe("auth/requires-recent-login");
  });
});
