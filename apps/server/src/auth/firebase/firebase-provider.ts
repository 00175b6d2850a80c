/**
 * Firebase Authentication as the identity provider (issue 19, ADR 0059), behind the same
 * IdentityProvider interface as the built-in one: sign-up, sign-in with email and password,
 * refresh and the action codes (password reset, email verification) go to Firebase's REST API;
 * its ID tokens are checked against Google's published keys for the project; each Firebase user
 * has the product's own account (firebase-accounts.ts), so the session cookie, /api/login and
 * everything that hangs on an account stay as they are. The product's rate limits still apply in
 * front of Firebase's own. A Firebase account's password is Firebase's: the profile's password
 * change, email change and account deletion check it there (accounts:signInWithPassword) and make
 * the change with the fresh ID token that answers (reauthenticate).
 */
import type { Db } from "@lumen/db";
import { and, eq, schema } from "@lumen/db";
import type { JWTVerifyGetKey } from "jose";
import { RESEND_TOO_SOON } from "../../commands/request-email-verification.ts";
import { AppError } from "../../errors.ts";
import { AuthError } from "../auth-error.ts";
import type { IdentityProvider } from "../identity-provider.ts";
import type { RateLimiter } from "../rate-limit.ts";
import { checkPasswordStrength, findUserByEmail, normaliseEmail, type UserRow } from "../users.ts";
import {
  endLocalSessions,
  FIREBASE_PROVIDER,
  findFirebaseAccount,
  settleFirebaseAccount,
} from "./firebase-accounts.ts";
import {
  createFirebaseTokenVerifier,
  type FirebaseClaims,
  fetchFirebaseJwks,
  firebaseIssuer,
} from "./firebase-id-token.ts";
import {
  createFirebaseRest,
  type FirebaseEndpoints,
  FirebaseUnavailableError,
  firebaseEndpoints,
} from "./firebase-rest.ts";

export interface FirebaseProviderOptions {
  db: Db;
  limiter: RateLimiter;
  projectId: string;
  apiKey: string;
  /** host:port of the Auth emulator: calls go there and its unsigned tokens are accepted. */
  emulatorHost?: string;
  /** Tests: another address for the REST API, and the keys that sign its tokens. */
  endpoints?: FirebaseEndpoints;
  keys?: JWTVerifyGetKey;
  jwksUrl?: string;
  fetch?: typeof fetch;
}

/** PostgreSQL's unique_violation. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown })?.code === "23505" ||
  (error as { cause?: { code?: unknown } })?.cause?.code === "23505";

/** Firebase answers an unknown address on sign-in differently; the product does not (ADR 0010). */
function asWrongPassword(error: unknown): never {
  if (error instanceof AuthError && error.code === "auth/user-not-found") {
    throw new AuthError("auth/wrong-password");
  }
  throw error;
}

export function createFirebaseProvider(options: FirebaseProviderOptions): IdentityProvider {
  const { db, limiter } = options;
  const emulator = Boolean(options.emulatorHost);
  const rest = createFirebaseRest({
    apiKey: options.apiKey,
    endpoints: options.endpoints ?? firebaseEndpoints(options.emulatorHost),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const verifier = createFirebaseTokenVerifier({
    projectId: options.projectId,
    emulator,
    ...(options.keys ? { keys: options.keys } : {}),
  });

  /** Claims of a token Firebase just gave us; one that fails the checks is Firebase's fault. */
  async function claimsOf(idToken: string): Promise<FirebaseClaims> {
    const claims = await verifier.verify(idToken);
    if (!claims) throw new FirebaseUnavailableError("Firebase's ID token did not pass the checks");
    return claims;
  }

  function usable(user: UserRow): UserRow {
    if (user.disabled) throw new AuthError("auth/user-disabled");
    return user;
  }

  async function linkedAccount(localId: string, email: string): Promise<UserRow | undefined> {
    return (
      (await findFirebaseAccount(db, localId)) ??
      (email ? await findUserByEmail(db, normaliseEmail(email)) : undefined)
    );
  }

  return {
    id: "firebase",
    issuer: firebaseIssuer(options.projectId),
    async verificationKeys() {
      if (emulator) return { keys: [] };
      return fetchFirebaseJwks(options.fetch, options.jwksUrl);
    },
    async verifyIdToken(token) {
      const claims = await verifier.verify(token);
      if (!claims) return null;
      const user = await findFirebaseAccount(db, claims.uid);
      // Firebase revokes its own sessions; the account's disabled flag is checked by the caller.
      return user ? { userId: user.id } : null;
    },
    async signUp(input, request) {
      await limiter.check("signUpPerIp", request.ip);
      const email = normaliseEmail(input.email);
      checkPasswordStrength(input.password);
      // The address has an account here already (made before Firebase, or by another way in).
      if (await findUserByEmail(db, email)) throw new AuthError("auth/email-already-in-use");
      const displayName = input.displayName?.trim() || undefined;
      const signedIn = await rest.signUp({
        email,
        password: input.password,
        ...(displayName ? { displayName } : {}),
      });
      const claims = await claimsOf(signedIn.idToken);
      try {
        const { user } = await settleFirebaseAccount({
          db,
          identity: { ...claims, displayName: displayName ?? null },
          ...(input.visitorId ? { visitorId: input.visitorId } : {}),
        });
        return {
          user: usable(user),
          tokens: { idToken: signedIn.idToken, refreshToken: signedIn.refreshToken },
        };
      } catch (error) {
        // The product refused the account (another sign-up took the address a moment ago):
        // the Firebase user it made would be nobody's way in, so it goes too.
        await rest.deleteAccount(signedIn.idToken).catch(() => undefined);
        if (error instanceof AuthError && error.code.startsWith("auth/account-exists")) {
          throw new AuthError("auth/email-already-in-use");
        }
        throw error;
      }
    },
    async signIn(input, request) {
      await limiter.check("signInPerIp", request.ip);
      const email = normaliseEmail(input.email);
      await limiter.check("signInPerAccountAndIp", `${email}|${request.ip}`);
      await limiter.check("signInPerAccount", email);
      if (input.password.length === 0) throw new AuthError("auth/wrong-password");
      const signedIn = await rest
        .signInWithPassword({ email, password: input.password })
        .catch(asWrongPassword);
      const claims = await claimsOf(signedIn.idToken);
      const { user } = await settleFirebaseAccount({ db, identity: claims });
      return {
        user: usable(user),
        tokens: { idToken: signedIn.idToken, refreshToken: signedIn.refreshToken },
      };
    },
    async refresh(refreshToken) {
      const refreshed = await rest.refresh(refreshToken).catch((error: unknown) => {
        if (error instanceof AuthError && error.code === "auth/user-not-found") {
          throw new AuthError("auth/requires-recent-login");
        }
        throw error;
      });
      const claims = await claimsOf(refreshed.id_token);
      const user = await findFirebaseAccount(db, claims.uid);
      if (!user) throw new AuthError("auth/requires-recent-login");
      usable(user);
      return { idToken: refreshed.id_token, refreshToken: refreshed.refresh_token };
    },
    async reauthenticate({ user, password }) {
      const [link] = await db
        .select({ uid: schema.identityLinks.subject })
        .from(schema.identityLinks)
        .where(
          and(
            eq(schema.identityLinks.provider, FIREBASE_PROVIDER),
            eq(schema.identityLinks.userId, user.id),
          ),
        )
        .limit(1);
      // Not a Firebase account: the product checks its own password.
      if (!link) return null;
      if (password.length === 0) throw new AuthError("auth/wrong-password");
      const signedIn = await rest
        .signInWithPassword({ email: user.email, password })
        .catch(asWrongPassword);
      // The address is another Firebase user's now: not this account's password.
      if (signedIn.localId !== link.uid) throw new AuthError("auth/wrong-password");
      const { idToken } = signedIn;
      return {
        async changePassword(newPassword) {
          const changed = await rest.updatePassword({ idToken, password: newPassword });
          return { idToken: changed.idToken, refreshToken: changed.refreshToken };
        },
        requestEmailChange: (newEmail) => rest.sendEmailChange({ idToken, newEmail }),
        deleteAccount: () => rest.deleteAccount(idToken),
      };
    },
    async signOut({ userId }) {
      // Firebase's refresh tokens can be revoked only with the project's admin credentials,
      // which this adapter does not hold: the product's sessions end now, Firebase's ID tokens
      // within their hour (README, ADR 0059).
      await endLocalSessions(db, userId);
    },
    async createSession() {
      // A Firebase session can be made for an account only with admin credentials (a custom
      // token); sign-in through OpenID Connect needs the built-in provider (ADR 0059).
      throw new AppError(
        "auth/provider-unavailable",
        "Signing in with another service is not available while Firebase Authentication issues sessions.",
      );
    },
    actionCodes: {
      async requestPasswordReset({ email: raw }, request) {
        await limiter.check("resetPerIp", request.ip);
        const email = normaliseEmail(raw);
        await limiter.check("resetPerAccount", email);
        const done = (async () => {
          // The answer leaves first, whatever Firebase says of the address (ADR 0010).
          await new Promise((resolve) => setImmediate(resolve));
          await rest.sendPasswordResetEmail(email).catch((error: unknown) => {
            if (error instanceof AuthError && error.code === "auth/user-not-found") return;
            throw error;
          });
        })();
        return { done };
      },
      async confirmPasswordReset({ code, newPassword }, request) {
        await limiter.check("actionCodePerIp", request.ip);
        checkPasswordStrength(newPassword);
        const { email } = await rest.resetPassword({ oobCode: code, newPassword });
        // Firebase ends its own sessions on a reset; the product's end too, as with the built-in.
        const user = email ? await findUserByEmail(db, normaliseEmail(email)) : undefined;
        if (user) await endLocalSessions(db, user.id);
      },
      async requestEmailVerification({ user, resend }, request) {
        if (user.emailVerified) return false;
        if (resend) {
          await limiter.check("verifyEmailResend", user.id, RESEND_TOO_SOON);
          await limiter.check(
            "verifyEmailPerAccount",
            user.id,
            "You asked for five verification mails within the hour. Check your spam folder, or ask again later.",
          );
        }
        // Firebase sends the mail for the signed-in person: their own ID token says who.
        if (!request.idToken) throw new AuthError("auth/requires-recent-login");
        await rest.sendEmailVerification(request.idToken);
        return true;
      },
      async confirmEmailVerification({ code }, request) {
        await limiter.check("actionCodePerIp", request.ip);
        const { localId, email } = await rest.applyEmailVerification(code);
        const user = await linkedAccount(localId, email);
        if (!user) throw new AuthError("auth/invalid-action-code");
        // Only if the account still has the address Firebase confirmed.
        const address = email ? normaliseEmail(email) : user.email;
        await db
          .update(schema.users)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(and(eq(schema.users.id, user.id), eq(schema.users.email, address)));
        await db
          .update(schema.identityLinks)
          .set({ emailVerified: true })
          .where(
            and(
              eq(schema.identityLinks.provider, FIREBASE_PROVIDER),
              eq(schema.identityLinks.userId, user.id),
            ),
          );
      },
      async confirmEmailChange({ code }) {
        const { localId, email } = await rest.applyEmailChange(code);
        const before = await findFirebaseAccount(db, localId);
        if (!before || !email) throw new AuthError("auth/invalid-action-code");
        const newEmail = normaliseEmail(email);
        let user: UserRow | undefined;
        try {
          [user] = await db
            .update(schema.users)
            .set({ email: newEmail, emailVerified: true, updatedAt: new Date() })
            .where(eq(schema.users.id, before.id))
            .returning();
        } catch (error) {
          // Another account of the product's took the address since the link was sent.
          if (isUniqueViolation(error)) throw new AuthError("auth/email-already-in-use");
          throw error;
        }
        if (!user) throw new AuthError("auth/invalid-action-code");
        await db
          .update(schema.identityLinks)
          .set({ email: newEmail, emailVerified: true })
          .where(
            and(
              eq(schema.identityLinks.provider, FIREBASE_PROVIDER),
              eq(schema.identityLinks.subject, localId),
            ),
          );
        return { user, previousEmail: before.email };
      },
    },
  };
}
