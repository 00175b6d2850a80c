/**
 * Keeps the product's session cookie in step with the ID token (spec sections 4 and 7): a
 * signed-in change posts to the login endpoint with the token, a signed-out one to the logout
 * endpoint. A non-OK answer becomes `Received {status} response from login API endpoint` (or
 * logout), given to the error callback or else thrown.
 */
import type { AuthOptions } from "./auth-options.ts";

export class SessionEndpointError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(kind: "login" | "logout", status: number, body: unknown) {
    super(`Received ${status} response from ${kind} API endpoint`);
    this.name = "SessionEndpointError";
    this.status = status;
    this.body = body;
  }
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export async function onIdTokenChanged(
  idToken: string | null,
  options: AuthOptions,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (options.tokenChangedHandler) {
    await options.tokenChangedHandler(idToken);
    return;
  }
  const kind = idToken ? "login" : "logout";
  const endpoint = idToken ? options.loginAPIEndpoint : options.logoutAPIEndpoint;
  if (!endpoint) throw new Error(`The ${kind} endpoint is not set.`);
  const response = await fetchImpl(endpoint, {
    method: "POST",
    credentials: "include",
    headers: idToken ? { Authorization: `Bearer ${idToken}` } : {},
  });
  if (response.ok) return;
  const error = new SessionEndpointError(kind, response.status, await readBody(response));
  const handler = idToken ? options.onLoginRequestError : options.onLogoutRequestError;
  if (handler) {
    await handler(error);
    return;
  }
  throw error;
}
