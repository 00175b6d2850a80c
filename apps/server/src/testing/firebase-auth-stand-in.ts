/**
 * A stand-in for Firebase Authentication in tests (issue 19): an in-process node:http server that
 * answers the REST calls the Firebase adapter makes, on the Auth emulator's paths
 * (`/identitytoolkit.googleapis.com/v1/accounts:*`, `/securetoken.googleapis.com/v1/token`), with
 * the answers and error bodies recorded from the real emulator (firebase-tools 15.34.2's auth
 * emulator; see README "Firebase Authentication"). Two kinds of ID token:
 * - `signed`: RS256 with a key made here, published at `jwksUrl`, as Google signs them;
 * - `emulator`: unsigned (`alg: none`), as the Auth emulator makes them.
 * The emulator's own test endpoints are answered too (the action codes it "sent", disabling an
 * account with `Authorization: Bearer owner`), so one test can run against either. `failNext`
 * makes the next call of a method fail with a message the emulator never gives (too many
 * attempts, a credential too old), and `dropNext` cuts its connection (Firebase unreachable).
 * The profile's changes are answered as the emulator does: accounts:update with an ID token and
 * a password (new tokens; the others' refresh tokens end), accounts:sendOobCode
 * VERIFY_AND_CHANGE_EMAIL with an ID token and newEmail, accounts:update with its code (the new
 * address, verified) and accounts:delete. Test code only.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT, UnsecuredJWT } from "jose";

export interface StandInUser {
  localId: string;
  email: string;
  password: string;
  emailVerified: boolean;
  disabled: boolean;
  displayName?: string;
  /** Seconds: refresh tokens issued before this are refused (a password reset sets it). */
  validSince: number;
}

interface OobCode {
  oobCode: string;
  email: string;
  requestType: "PASSWORD_RESET" | "VERIFY_EMAIL" | "VERIFY_AND_CHANGE_EMAIL";
  /** VERIFY_AND_CHANGE_EMAIL: the address the account takes. */
  newEmail?: string;
  expiresAt: number;
  used: boolean;
}

export interface FirebaseAuthStandIn {
  url: string;
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  jwksUrl: string;
  projectId: string;
  apiKey: string;
  users: Map<string, StandInUser>;
  /** Makes the next call of `method` ("signUp", "signInWithPassword", "token", …) fail. */
  failNext(method: string, message: string, status?: number): void;
  /** Closes the connection of the next call of `method` without an answer. */
  dropNext(method: string): void;
  /** Every request's method and path, in order. */
  calls: string[];
  /** A Firebase-signed-looking ID token with these claims (tests of the checks). */
  signToken(claims: Record<string, unknown>, header?: { kid?: string }): Promise<string>;
  /** Ends the next action code's life now (EXPIRED_OOB_CODE). */
  expireCodes(): void;
  close(): Promise<void>;
}

const TOKEN_LIFETIME = 3600;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/** Firebase's error body, as the emulator writes it. */
function fail(res: ServerResponse, message: string, status = 400) {
  const reason = status === 403 ? "forbidden" : "invalid";
  send(res, status, {
    error: {
      code: status,
      message,
      errors: [{ message, reason, domain: "global" }],
      ...(status === 403 ? { status: "PERMISSION_DENIED" } : {}),
    },
  });
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if ((req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : {};
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

export async function startFirebaseAuthStandIn(
  options: { tokens?: "signed" | "emulator"; projectId?: string; apiKey?: string } = {},
): Promise<FirebaseAuthStandIn> {
  const projectId = options.projectId ?? "demo-lumen";
  const apiKey = options.apiKey ?? "AIzaSy-stand-in-key";
  const signed = (options.tokens ?? "signed") === "signed";
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const users = new Map<string, StandInUser>();
  const refreshTokens = new Map<string, { localId: string; issuedAt: number; revoked?: boolean }>();
  const oobCodes: OobCode[] = [];
  const failures = new Map<string, { message: string; status: number } | "drop">();
  const calls: string[] = [];

  const byEmail = (email: string) =>
    [...users.values()].find((u) => u.email === email.toLowerCase());

  async function signToken(claims: Record<string, unknown>, header: { kid?: string } = {}) {
    const now = Math.floor(Date.now() / 1000);
    const full = {
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      iat: now,
      exp: now + TOKEN_LIFETIME,
      auth_time: now,
      ...claims,
    };
    return new SignJWT(full)
      .setProtectedHeader({ alg: "RS256", kid: header.kid ?? kid, typ: "JWT" })
      .sign(privateKey);
  }

  async function idTokenFor(user: StandInUser): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      email: user.email,
      email_verified: user.emailVerified,
      auth_time: now,
      user_id: user.localId,
      firebase: { identities: { email: [user.email] }, sign_in_provider: "password" },
      iat: now,
      exp: now + TOKEN_LIFETIME,
      aud: projectId,
      iss: `https://securetoken.google.com/${projectId}`,
      sub: user.localId,
    };
    if (signed) return signToken(claims);
    return new UnsecuredJWT(claims).encode();
  }

  function refreshTokenFor(user: StandInUser): string {
    const token = randomBytes(32).toString("base64url");
    refreshTokens.set(token, { localId: user.localId, issuedAt: Math.floor(Date.now() / 1000) });
    return token;
  }

  /** The user an ID token names, if the token is one of ours and unexpired. */
  function userOfToken(idToken: string): StandInUser | undefined {
    try {
      const payload = JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString());
      const user = users.get(str(payload.sub));
      if (!user || typeof payload.exp !== "number" || payload.exp < Date.now() / 1000) return;
      return user;
    } catch {
      return undefined;
    }
  }

  async function signedIn(kind: string, user: StandInUser) {
    return {
      kind,
      localId: user.localId,
      email: user.email,
      ...(user.displayName ? { displayName: user.displayName } : {}),
      idToken: await idTokenFor(user),
      refreshToken: refreshTokenFor(user),
      expiresIn: String(TOKEN_LIFETIME),
    };
  }

  function newCode(email: string, requestType: OobCode["requestType"], newEmail?: string) {
    oobCodes.push({
      oobCode: randomBytes(24).toString("base64url"),
      email,
      requestType,
      ...(newEmail ? { newEmail } : {}),
      expiresAt: Date.now() + 3_600_000,
      used: false,
    });
  }

  /** The action code, or the error message for it. */
  function takeCode(value: unknown, ...requestTypes: OobCode["requestType"][]): OobCode | string {
    const code = oobCodes.find((c) => c.oobCode === value && requestTypes.includes(c.requestType));
    if (!code || code.used) return "INVALID_OOB_CODE";
    if (code.expiresAt <= Date.now()) return "EXPIRED_OOB_CODE";
    code.used = true;
    return code;
  }

  const handlers: Record<
    string,
    (body: Record<string, unknown>, res: ServerResponse) => Promise<void> | void
  > = {
    async signUp(body, res) {
      const email = str(body.email).toLowerCase();
      const password = str(body.password);
      if (!email) return fail(res, "MISSING_EMAIL");
      if (!EMAIL.test(email)) return fail(res, "INVALID_EMAIL");
      if (!password) return fail(res, "MISSING_PASSWORD");
      if (password.length < 6) {
        return fail(res, "WEAK_PASSWORD : Password should be at least 6 characters");
      }
      if (byEmail(email)) return fail(res, "EMAIL_EXISTS");
      const user: StandInUser = {
        localId: randomBytes(21).toString("base64url").slice(0, 28),
        email,
        password,
        emailVerified: false,
        disabled: false,
        validSince: Math.floor(Date.now() / 1000) - 1,
        ...(str(body.displayName) ? { displayName: str(body.displayName) } : {}),
      };
      users.set(user.localId, user);
      send(res, 200, await signedIn("identitytoolkit#SignupNewUserResponse", user));
    },
    async signInWithPassword(body, res) {
      const email = str(body.email).toLowerCase();
      if (!EMAIL.test(email)) return fail(res, "INVALID_EMAIL");
      if (!str(body.password)) return fail(res, "MISSING_PASSWORD");
      const user = byEmail(email);
      if (!user) return fail(res, "EMAIL_NOT_FOUND");
      if (user.disabled) return fail(res, "USER_DISABLED");
      if (user.password !== body.password) return fail(res, "INVALID_PASSWORD");
      send(res, 200, {
        ...(await signedIn("identitytoolkit#VerifyPasswordResponse", user)),
        registered: true,
      });
    },
    async token(body, res) {
      if (body.grant_type !== "refresh_token") return fail(res, "INVALID_GRANT_TYPE");
      if (!str(body.refresh_token)) return fail(res, "MISSING_REFRESH_TOKEN");
      const known = refreshTokens.get(str(body.refresh_token));
      const user = known ? users.get(known.localId) : undefined;
      if (!known) return fail(res, "INVALID_REFRESH_TOKEN");
      if (!user) return fail(res, "USER_NOT_FOUND");
      if (user.disabled) return fail(res, "USER_DISABLED");
      if (known.issuedAt < user.validSince || known.revoked) return fail(res, "TOKEN_EXPIRED");
      const idToken = await idTokenFor(user);
      send(res, 200, {
        id_token: idToken,
        access_token: idToken,
        expires_in: String(TOKEN_LIFETIME),
        refresh_token: refreshTokenFor(user),
        token_type: "Bearer",
        user_id: user.localId,
        project_id: projectId,
      });
    },
    sendOobCode(body, res) {
      if (body.requestType === "PASSWORD_RESET") {
        const user = byEmail(str(body.email));
        if (!EMAIL.test(str(body.email))) return fail(res, "INVALID_EMAIL");
        if (!user) return fail(res, "EMAIL_NOT_FOUND");
        newCode(user.email, "PASSWORD_RESET");
        return send(res, 200, {
          kind: "identitytoolkit#GetOobConfirmationCodeResponse",
          email: user.email,
        });
      }
      if (body.requestType === "VERIFY_EMAIL") {
        const user = userOfToken(str(body.idToken));
        if (!user) return fail(res, "INVALID_ID_TOKEN");
        newCode(user.email, "VERIFY_EMAIL");
        return send(res, 200, {
          kind: "identitytoolkit#GetOobConfirmationCodeResponse",
          email: user.email,
        });
      }
      if (body.requestType === "VERIFY_AND_CHANGE_EMAIL") {
        const newEmail = str(body.newEmail).toLowerCase();
        if (!newEmail) return fail(res, "MISSING_NEW_EMAIL");
        if (!str(body.idToken)) return fail(res, "MISSING_ID_TOKEN");
        const user = userOfToken(str(body.idToken));
        if (!user) return fail(res, "INVALID_ID_TOKEN");
        if (byEmail(newEmail)) return fail(res, "EMAIL_EXISTS");
        newCode(user.email, "VERIFY_AND_CHANGE_EMAIL", newEmail);
        return send(res, 200, {
          kind: "identitytoolkit#GetOobConfirmationCodeResponse",
          email: user.email,
        });
      }
      fail(res, "INVALID_REQ_TYPE : Unsupported request parameters.");
    },
    resetPassword(body, res) {
      const newPassword = str(body.newPassword);
      const code = oobCodes.find(
        (c) => c.oobCode === body.oobCode && c.requestType === "PASSWORD_RESET" && !c.used,
      );
      if (code && newPassword && newPassword.length < 6) {
        return fail(res, "WEAK_PASSWORD : Password should be at least 6 characters");
      }
      const taken = takeCode(body.oobCode, "PASSWORD_RESET");
      if (typeof taken === "string") return fail(res, taken);
      const user = byEmail(taken.email);
      if (!user) return fail(res, "EMAIL_NOT_FOUND");
      if (user.disabled) return fail(res, "USER_DISABLED");
      user.password = newPassword;
      user.validSince = Math.floor(Date.now() / 1000) + 1;
      send(res, 200, {
        kind: "identitytoolkit#ResetPasswordResponse",
        requestType: "PASSWORD_RESET",
        email: user.email,
      });
    },
    async update(body, res) {
      if (!body.oobCode && body.idToken) return updateWithIdToken(body, res);
      if (!body.oobCode) return fail(res, "INVALID_REQ_TYPE : Unsupported request parameters.");
      const taken = takeCode(body.oobCode, "VERIFY_EMAIL", "VERIFY_AND_CHANGE_EMAIL");
      if (typeof taken === "string") return fail(res, taken);
      const user = byEmail(taken.email);
      if (!user) return fail(res, "INVALID_OOB_CODE");
      if (user.disabled) return fail(res, "USER_DISABLED");
      const newEmail = taken.newEmail;
      if (newEmail) {
        if (byEmail(newEmail)) return fail(res, "EMAIL_EXISTS");
        user.email = newEmail;
      }
      user.emailVerified = true;
      send(res, 200, {
        kind: "identitytoolkit#SetAccountInfoResponse",
        localId: user.localId,
        emailVerified: true,
        providerUserInfo: [
          {
            providerId: "password",
            email: user.email,
            federatedId: user.email,
            rawId: user.email,
          },
        ],
        email: user.email,
        ...(newEmail ? { newEmail } : {}),
      });
    },
    delete(body, res) {
      const user = userOfToken(str(body.idToken));
      if (!user) return fail(res, "INVALID_ID_TOKEN");
      users.delete(user.localId);
      send(res, 200, { kind: "identitytoolkit#DeleteAccountResponse" });
    },
  };

  /** accounts:update for the signed-in person: a new password (the profile's change). */
  async function updateWithIdToken(body: Record<string, unknown>, res: ServerResponse) {
    const user = userOfToken(str(body.idToken));
    if (!user) return fail(res, "INVALID_ID_TOKEN");
    if (user.disabled) return fail(res, "USER_DISABLED");
    const password = str(body.password);
    if (!password) return fail(res, "INVALID_REQ_TYPE : Unsupported request parameters.");
    if (password.length < 6) {
      return fail(res, "WEAK_PASSWORD : Password should be at least 6 characters");
    }
    user.password = password;
    // Every refresh token issued so far ends; the answer's are the account's only ones.
    for (const token of refreshTokens.values()) {
      if (token.localId === user.localId) token.revoked = true;
    }
    send(res, 200, {
      kind: "identitytoolkit#SetAccountInfoResponse",
      localId: user.localId,
      emailVerified: user.emailVerified,
      providerUserInfo: [
        { providerId: "password", email: user.email, federatedId: user.email, rawId: user.email },
      ],
      email: user.email,
      ...(user.displayName ? { displayName: user.displayName } : {}),
      idToken: await idTokenFor(user),
      refreshToken: refreshTokenFor(user),
      expiresIn: String(TOKEN_LIFETIME),
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    calls.push(`${req.method} ${url.pathname}`);
    if (url.pathname === "/jwks") return send(res, 200, { keys: [publicJwk] });
    // The emulator's own endpoints, for tests.
    if (url.pathname === `/emulator/v1/projects/${projectId}/oobCodes`) {
      return send(res, 200, {
        oobCodes: oobCodes.map(({ oobCode, email, requestType, newEmail }) => ({
          oobCode,
          email,
          requestType,
          ...(newEmail ? { newEmail } : {}),
        })),
      });
    }
    const adminUpdate = `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`;
    if (url.pathname === adminUpdate && req.headers.authorization === "Bearer owner") {
      const body = await readBody(req);
      const user = users.get(str(body.localId));
      if (!user) return fail(res, "USER_NOT_FOUND");
      if (typeof body.disableUser === "boolean") user.disabled = body.disableUser;
      if (typeof body.emailVerified === "boolean") user.emailVerified = body.emailVerified;
      return send(res, 200, {
        kind: "identitytoolkit#SetAccountInfoResponse",
        localId: user.localId,
      });
    }
    const method =
      url.pathname === "/securetoken.googleapis.com/v1/token"
        ? "token"
        : /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:(\w+)$/.exec(url.pathname)?.[1];
    const handler = method ? handlers[method] : undefined;
    if (!method || !handler || req.method !== "POST") return fail(res, "Not Found", 404);
    const key = url.searchParams.get("key");
    if (!key) return fail(res, "The request is missing a valid API key.", 403);
    if (key !== apiKey) return fail(res, "API key not valid. Please pass a valid API key.");
    const body = await readBody(req);
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      if (failure === "drop") {
        req.socket.destroy();
        return;
      }
      return fail(res, failure.message, failure.status);
    }
    await handler(body, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, String(error), 500));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  return {
    url: `http://${host}`,
    host,
    jwksUrl: `http://${host}/jwks`,
    projectId,
    apiKey,
    users,
    calls,
    failNext(method, message, status = 400) {
      failures.set(method, { message, status });
    },
    dropNext(method) {
      failures.set(method, "drop");
    },
    signToken,
    expireCodes() {
      for (const code of oobCodes) code.expiresAt = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
