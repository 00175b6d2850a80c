// @vitest-environment happy-dom
/**
 * The auth provider at start-up without a network: a learner with a stored session stays signed
 * in as the last user /v1/me answered, and the session is restored when the connection returns.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "../api/identity-client.ts";
import { AuthProvider, type AuthState, LAST_USER_KEY, useAuth } from "./auth-provider.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ADA: AuthUser = {
  id: "user-ada",
  email: "ada@example.com",
  emailVerified: true,
  tenantId: null,
  phoneNumber: null,
  displayName: "Ada",
  photoURL: null,
  claims: { roles: [] },
};

/** An ID token whose payload says it runs out in an hour. */
const idToken = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });

let network = false;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  if (!network) throw new TypeError("Failed to fetch");
  const url = String(input);
  if (url.endsWith("/v1/auth/token")) return json({ idToken: idToken(), refreshToken: "r2" });
  if (url.endsWith("/v1/me")) return json({ ...ADA, displayName: "Ada Lovelace" });
  return new Response(null, { status: 204 });
});

let root: Root | undefined;
let seen: AuthState | undefined;

function Probe() {
  seen = useAuth();
  return null;
}

async function mount() {
  const element = document.createElement("div");
  document.body.append(element);
  root = createRoot(element);
  await act(async () => {
    root?.render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
  });
}

/** Lets the provider's promises (dynamic import, fetches) settle. */
async function settle(until: () => boolean) {
  for (let i = 0; i < 50 && !until(); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

beforeEach(() => {
  network = false;
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  seen = undefined;
  vi.unstubAllGlobals();
});

describe("AuthProvider offline at start-up", () => {
  it("keeps a learner with a stored session signed in as the last known user", async () => {
    localStorage.setItem("lumen-refresh-token", "r1");
    localStorage.setItem(LAST_USER_KEY, JSON.stringify(ADA));
    await mount();
    await settle(() => seen?.status !== "initializing");
    expect(seen?.status).toBe("signedIn");
    expect(seen?.user?.id).toBe("user-ada");
    // The stored session is kept for when the network returns.
    expect(localStorage.getItem("lumen-refresh-token")).toBe("r1");
  });

  it("restores the session when the connection returns, and remembers the user", async () => {
    localStorage.setItem("lumen-refresh-token", "r1");
    localStorage.setItem(LAST_USER_KEY, JSON.stringify(ADA));
    await mount();
    await settle(() => seen?.status !== "initializing");
    network = true;
    await act(async () => {
      dispatchEvent(new Event("online"));
    });
    await settle(() => seen?.user?.displayName === "Ada Lovelace");
    expect(seen?.status).toBe("signedIn");
    expect(seen?.user?.displayName).toBe("Ada Lovelace");
    expect(localStorage.getItem("lumen-refresh-token")).toBe("r2");
    expect(JSON.parse(localStorage.getItem(LAST_USER_KEY) ?? "null")?.displayName).toBe(
      "Ada Lovelace",
    );
  });

  it("is signed out offline when no session is stored", async () => {
    localStorage.setItem(LAST_USER_KEY, JSON.stringify(ADA));
    await mount();
    await settle(() => seen?.status !== "initializing");
    expect(seen?.status).toBe("signedOut");
    expect(seen?.user).toBeNull();
  });
});
