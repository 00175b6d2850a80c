// @vitest-environment happy-dom
/**
 * The identity provider's errors of spec section 8 where the profile asks for the current
 * password again (issue 19): changing the password and changing the address. Whichever provider
 * refused, the server answers the `auth/*` code; each shows its sentence beside the field it
 * concerns, or above the form.
 */
import type { User } from "@lumen/contracts";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../auth/components/auth-provider.tsx", () => ({
  useAuth: () => ({ replaceSession: vi.fn(async () => {}) }),
}));

const { EmailSection } = await import("./email-section.tsx");
const { PasswordSection } = await import("./password-section.tsx");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ADA: User = {
  id: "user-ada",
  email: "ada@example.com",
  emailVerified: true,
  tenantId: null,
  phoneNumber: null,
  displayName: "Ada",
  photoURL: null,
  claims: { roles: [] },
};

/** The server's refusal: `{ code, message }` with its status. */
const refusal = (status: number, code: string, message: string, headers = {}) =>
  new Response(JSON.stringify({ code, message }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

let answer: () => Promise<Response>;
const fetchMock = vi.fn(async () => answer());
let root: Root | undefined;
let element: HTMLElement;

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  element = document.createElement("div");
  document.body.append(element);
  root = createRoot(element);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  element.remove();
  vi.unstubAllGlobals();
});

async function render(node: React.ReactNode) {
  await act(async () => root?.render(node));
}

function fill(label: string, value: string) {
  const field = [...element.querySelectorAll("label")].find((l) => l.textContent?.trim() === label);
  const input = field?.htmlFor
    ? (element.querySelector(`#${CSS.escape(field.htmlFor)}`) as HTMLInputElement | null)
    : null;
  if (!input) throw new Error(`no field labelled ${label}`);
  input.value = value;
}

async function submit(button: string) {
  const target = [...element.querySelectorAll("button")].find((b) => b.textContent === button);
  if (!target) throw new Error(`no button ${button}`);
  await act(async () => {
    target.closest("form")?.requestSubmit();
  });
  for (let i = 0; i < 50 && fetchMock.mock.calls.length === 0; i++) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  }
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** The sentence beside the field (its described-by text), or the form's alert. */
const fieldError = (label: string) => {
  const field = [...element.querySelectorAll("label")].find((l) => l.textContent?.trim() === label);
  const input = field?.htmlFor ? element.querySelector(`#${CSS.escape(field.htmlFor)}`) : null;
  const ids = input?.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => element.querySelector(`#${CSS.escape(id)}`)?.textContent ?? "").join(" ");
};

describe("the profile's re-authentication: changing the password", () => {
  async function tryChange() {
    fetchMock.mockClear();
    await render(<PasswordSection />);
    fill("Current password", "what-i-think-it-is");
    fill("New password", "a-brand-new-one");
    await submit("Change password");
  }

  it("wrong password: the server's sentence beside the current password", async () => {
    answer = async () => refusal(400, "auth/wrong-password", "Your current password is not right.");
    await tryChange();
    expect(fieldError("Current password")).toContain("Your current password is not right.");
  });

  it("too many requests: when to try again", async () => {
    answer = async () =>
      refusal(429, "auth/too-many-requests", "Too many attempts.", { "Retry-After": "42" });
    await tryChange();
    expect(element.textContent).toContain(
      "Too many tries in a short time. Try again in 42 seconds.",
    );
  });

  it("requires recent login: sign in again", async () => {
    answer = async () =>
      refusal(401, "auth/requires-recent-login", "Your session has ended. Sign in again.");
    await tryChange();
    expect(element.textContent).toContain(
      "Your session has ended. Sign in again, then try once more.",
    );
  });

  it("weak password from the provider: beside the new password", async () => {
    answer = async () =>
      refusal(400, "auth/weak-password", "The password must be at least 6 characters.");
    await tryChange();
    expect(fieldError("New password")).toContain("The password must be at least 6 characters.");
  });

  it("network failure: the connection", async () => {
    answer = async () => {
      throw new TypeError("Failed to fetch");
    };
    await tryChange();
    expect(element.textContent).toContain(
      "We could not reach the server. Check your connection and try again.",
    );
  });
});

describe("changing the address", () => {
  async function tryChange() {
    fetchMock.mockClear();
    await render(<EmailSection user={ADA} />);
    fill("New email address", "grace@example.com");
    fill("Current password", "what-i-think-it-is");
    await submit("Send a confirmation link");
  }

  it("email already in use: beside the new address", async () => {
    answer = async () =>
      refusal(409, "auth/email-already-in-use", "An account with this email already exists.");
    await tryChange();
    expect(fieldError("New email address")).toContain("Another account uses this address.");
  });

  it("wrong password: beside the current password", async () => {
    answer = async () => refusal(400, "auth/wrong-password", "Your current password is not right.");
    await tryChange();
    expect(fieldError("Current password")).toContain("Your current password is not right.");
  });

  it("invalid email from the provider: beside the new address", async () => {
    answer = async () =>
      refusal(400, "auth/invalid-email", "That does not look like an email address.");
    await tryChange();
    expect(fieldError("New email address")).toContain("That does not look like an email address.");
  });

  it("requires recent login: sign in again", async () => {
    answer = async () =>
      refusal(401, "auth/requires-recent-login", "Your session has ended. Sign in again.");
    await tryChange();
    expect(element.textContent).toContain(
      "Your session has ended. Sign in again, then try once more.",
    );
  });
});
