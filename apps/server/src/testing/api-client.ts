/**
 * The one way tests talk to the API (issue 12): against the app in-process (`app.request`) or a
 * real server by its URL. Each request speaks from an address of its own (`X-Forwarded-For`, for
 * apps made with TRUST_PROXY), so one test's rate limits never touch another's; `signUp` makes a
 * fresh account with a unique address and `signIn` signs one in. Test code only.
 */
import { randomUUID } from "node:crypto";

/** A Hono app, or anything else with its `request` method. */
export interface Requester {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

export interface Answer {
  status: number;
  /** The JSON body, or `{}` when there is none (or it is not JSON: see `text`). */
  body: Record<string, unknown>;
  text: string;
  res: Response;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as it is, instead of `body` as JSON. */
  raw?: string;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestAccount {
  email: string;
  password: string;
  token: string;
  refreshToken: string;
  userId: string;
}

let addresses = 0;
/** A fresh address from 10.200.0.0/16 onwards, never the same twice in a process. */
export function newIp(): string {
  addresses += 1;
  return `10.${200 + Math.floor(addresses / 65_536)}.${Math.floor(addresses / 256) % 256}.${addresses % 256}`;
}

export const newEmail = (prefix = "learner") => `${prefix}-${randomUUID()}@example.com`;

/**
 * A client for TARGET: an app, a server's base URL, or a function giving either when called (for
 * a test file whose app or server is made in `beforeAll`).
 */
export function testClient(target: Requester | string | (() => Requester | string)) {
  const send: Requester["request"] = (path, init) => {
    const to = typeof target === "function" ? target() : target;
    return typeof to === "string" ? fetch(`${to}${path}`, init) : to.request(path, init);
  };

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const res = await send(path, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": options.ip ?? newIp(),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    return { status: res.status, body, text, res };
  }

  async function signedIn(answer: Answer, email: string, password: string, expected: number) {
    if (answer.status !== expected) {
      throw new Error(`expected ${expected} for ${email}, got ${answer.status}: ${answer.text}`);
    }
    const body = answer.body as { idToken: string; refreshToken: string; user: { id: string } };
    return {
      email,
      password,
      token: body.idToken,
      refreshToken: body.refreshToken,
      userId: body.user.id,
    };
  }

  return {
    call,
    get: (path: string, options?: CallOptions) => call("GET", path, options),
    post: (path: string, options?: CallOptions) => call("POST", path, options),
    put: (path: string, options?: CallOptions) => call("PUT", path, options),

    /** A new account through POST /v1/auth/signup; throws unless it answers 201. */
    async signUp(
      account: { email?: string; password?: string; displayName?: string } = {},
    ): Promise<TestAccount> {
      const email = account.email ?? newEmail();
      const password = account.password ?? "secret-123";
      const answer = await call("POST", "/v1/auth/signup", {
        body: { email, password, displayName: account.displayName },
      });
      return signedIn(answer, email, password, 201);
    },

    /** Signs an existing account in through POST /v1/auth/signin; throws unless it answers 200. */
    async signIn(email: string, password = "secret-123"): Promise<TestAccount> {
      const answer = await call("POST", "/v1/auth/signin", { body: { email, password } });
      return signedIn(answer, email, password, 200);
    },
  };
}

export type TestClient = ReturnType<typeof testClient>;
