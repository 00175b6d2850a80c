/**
 * Firebase Authentication's REST API (issue 19): identitytoolkit.googleapis.com v1 for accounts
 * (sign-up, sign-in with email and password, action codes, password and email changes, account
 * deletion) and
 * securetoken.googleapis.com v1 for refresh tokens. With an emulator host (FIREBASE_AUTH_EMULATOR_HOST,
 * host:port) the same paths go to `http://{host}/identitytoolkit.googleapis.com/…`, as Firebase's
 * SDKs do. Firebase's error messages become the product's `auth/*` codes (@lumen/core
 * identity-errors.ts); anything else (a bad API key, a method turned off in the console, Google
 * unreachable) is the operator's to fix and answers `auth/provider-unavailable`.
 */
import { firebaseErrorCode } from "@lumen/core";
import { AuthError, type AuthErrorCode } from "../auth-error.ts";

export interface FirebaseEndpoints {
  /** Ends in /v1: accounts:signUp and the others are appended. */
  identityToolkit: string;
  /** The token endpoint itself. */
  secureToken: string;
}

export function firebaseEndpoints(emulatorHost?: string): FirebaseEndpoints {
  if (emulatorHost) {
    return {
      identityToolkit: `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`,
      secureToken: `http://${emulatorHost}/securetoken.googleapis.com/v1/token`,
    };
  }
  return {
    identityToolkit: "https://identitytoolkit.googleapis.com/v1",
    secureToken: "https://securetoken.googleapis.com/v1/token",
  };
}

export interface FirebaseRestOptions {
  apiKey: string;
  endpoints: FirebaseEndpoints;
  fetch?: typeof fetch;
  /** A call that takes longer is given up as unreachable. */
  timeoutMs?: number;
}

/** What accounts:signUp and accounts:signInWithPassword answer. */
export interface FirebaseSignedIn {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  displayName?: string;
}

/** What securetoken's token endpoint answers (snake_case, unlike the rest). */
export interface FirebaseRefreshed {
  id_token: string;
  refresh_token: string;
  expires_in: string;
  user_id: string;
}

/** A Firebase error that is not the learner's doing; its message is Firebase's, for the log. */
export class FirebaseUnavailableError extends AuthError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super("auth/provider-unavailable");
    this.cause = options?.cause ?? detail;
  }
}

/** Firebase's `{ error: { message } }`, or null. */
function errorMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const error = (body as { error?: unknown }).error;
  if (!error || typeof error !== "object") return null;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" ? message : null;
}

export interface FirebaseRest {
  signUp(input: {
    email: string;
    password: string;
    displayName?: string;
  }): Promise<FirebaseSignedIn>;
  signInWithPassword(input: { email: string; password: string }): Promise<FirebaseSignedIn>;
  refresh(refreshToken: string): Promise<FirebaseRefreshed>;
  sendPasswordResetEmail(email: string): Promise<void>;
  sendEmailVerification(idToken: string): Promise<void>;
  /** Answers the account's address. */
  resetPassword(input: { oobCode: string; newPassword: string }): Promise<{ email: string }>;
  /** Applies an email verification code; answers the account. */
  applyEmailVerification(oobCode: string): Promise<{ localId: string; email: string }>;
  /** Deletes the account the ID token stands for (undoing a sign-up the product refused). */
  deleteAccount(idToken: string): Promise<void>;
  /** accounts:update with the new password: Firebase ends the other sessions, answers new tokens. */
  updatePassword(input: { idToken: string; password: string }): Promise<FirebaseSignedIn>;
  /** accounts:sendOobCode VERIFY_AND_CHANGE_EMAIL: Firebase mails a link to the new address. */
  sendEmailChange(input: { idToken: string; newEmail: string }): Promise<void>;
  /** Applies an email change code (accounts:update with oobCode); answers the account and its new address. */
  applyEmailChange(oobCode: string): Promise<{ localId: string; email: string }>;
}

export function createFirebaseRest(options: FirebaseRestOptions): FirebaseRest {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const key = `key=${encodeURIComponent(options.apiKey)}`;

  async function call<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (cause) {
      throw new FirebaseUnavailableError("Firebase Authentication could not be reached", {
        cause,
      });
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && body && typeof body === "object") return body as T;
    const message = errorMessage(body) ?? `HTTP ${response.status}`;
    const code = firebaseErrorCode(message);
    // Firebase's explanation after " : " (e.g. the password rule) is not shown: the product's
    // sentence for the code is.
    if (code) throw new AuthError(code as AuthErrorCode);
    throw new FirebaseUnavailableError(`Firebase Authentication answered ${message}`);
  }

  const accounts = <T>(method: string, body: Record<string, unknown>) =>
    call<T>(`${options.endpoints.identityToolkit}/accounts:${method}?${key}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  return {
    signUp: (input) => accounts<FirebaseSignedIn>("signUp", { ...input, returnSecureToken: true }),
    signInWithPassword: (input) =>
      accounts<FirebaseSignedIn>("signInWithPassword", { ...input, returnSecureToken: true }),
    refresh: (refreshToken) =>
      call<FirebaseRefreshed>(`${options.endpoints.secureToken}?${key}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
        }).toString(),
      }),
    async sendPasswordResetEmail(email) {
      await accounts("sendOobCode", { requestType: "PASSWORD_RESET", email });
    },
    async sendEmailVerification(idToken) {
      await accounts("sendOobCode", { requestType: "VERIFY_EMAIL", idToken });
    },
    async resetPassword(input) {
      const answer = await accounts<{ email?: string }>("resetPassword", input);
      return { email: answer.email ?? "" };
    },
    async applyEmailVerification(oobCode) {
      const answer = await accounts<{ localId?: string; email?: string }>("update", { oobCode });
      return { localId: answer.localId ?? "", email: answer.email ?? "" };
    },
    async deleteAccount(idToken) {
      await accounts("delete", { idToken });
    },
    async updatePassword(input) {
      const answer = await accounts<Partial<FirebaseSignedIn>>("update", {
        ...input,
        returnSecureToken: true,
      });
      if (!answer.idToken || !answer.refreshToken) {
        throw new FirebaseUnavailableError("Firebase changed the password but sent no tokens");
      }
      return answer as FirebaseSignedIn;
    },
    async sendEmailChange(input) {
      await accounts("sendOobCode", { requestType: "VERIFY_AND_CHANGE_EMAIL", ...input });
    },
    async applyEmailChange(oobCode) {
      const answer = await accounts<{ localId?: string; email?: string; newEmail?: string }>(
        "update",
        { oobCode },
      );
      return { localId: answer.localId ?? "", email: answer.newEmail ?? answer.email ?? "" };
    },
  };
}
