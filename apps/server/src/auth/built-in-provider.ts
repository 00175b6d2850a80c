/**
 * The built-in identity provider (ADR 0011) behind the IdentityProvider interface: accounts and
 * scrypt hashes in our database, ES256 ID tokens from our key ring, rotating refresh tokens, and
 * action codes mailed through our mailer. Each method calls the command that /v1/auth has always
 * called, with the same options, so its behaviour is unchanged.
 */
import { type Db, eq, schema, sql } from "@lumen/db";
import { confirmEmailVerification } from "../commands/confirm-email-verification.ts";
import { confirmPasswordReset } from "../commands/confirm-password-reset.ts";
import { refreshIdToken } from "../commands/refresh-id-token.ts";
import { requestEmailVerification } from "../commands/request-email-verification.ts";
import { requestPasswordReset } from "../commands/request-password-reset.ts";
import { signInUser } from "../commands/sign-in-user.ts";
import { signUpUser } from "../commands/sign-up-user.ts";
import { ID_TOKEN_ISSUER, verifyIdToken } from "./id-token.ts";
import type { IdentityProvider } from "./identity-provider.ts";
import type { Mailer } from "./mailer.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { issueSessionTokens, revokeAllRefreshTokens } from "./session-tokens.ts";
import type { KeyRing } from "./signing-keys.ts";

export interface BuiltInProviderOptions {
  db: Db;
  keys: () => Promise<KeyRing>;
  limiter: RateLimiter;
  /** A getter: the mailer is made beside the provider (auth/services.ts). */
  mailer: () => Mailer;
  productName: string;
}

export function createBuiltInProvider(options: BuiltInProviderOptions): IdentityProvider {
  const { db, keys, limiter } = options;
  const session = async (user: Parameters<IdentityProvider["createSession"]>[0]) => ({
    user,
    tokens: await issueSessionTokens({ db, keys: await keys(), user }),
  });
  return {
    id: "built-in",
    issuer: ID_TOKEN_ISSUER,
    verificationKeys: async () => (await keys()).jwks,
    async verifyIdToken(token) {
      const claims = await verifyIdToken(await keys(), token);
      if (!claims) return null;
      return {
        userId: claims.sub,
        sessionVersion: claims.sv,
        ...(claims.imp !== undefined ? { impersonatedBy: claims.imp } : {}),
      };
    },
    async signUp(input, request) {
      return session(await signUpUser({ db, limiter, ip: request.ip, ...input }));
    },
    async signIn(input, request) {
      return session(await signInUser({ db, limiter, ip: request.ip, ...input }));
    },
    refresh: async (refreshToken) => refreshIdToken({ db, keys: await keys(), refreshToken }),
    async signOut({ userId }) {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx
          .update(schema.users)
          .set({ sessionVersion: sql`${schema.users.sessionVersion} + 1`, updatedAt: new Date() })
          .where(eq(schema.users.id, userId));
        await revokeAllRefreshTokens(tx, userId);
      });
    },
    createSession: session,
    actionCodes: {
      requestPasswordReset: ({ email }, request) =>
        requestPasswordReset({
          db,
          limiter,
          mailer: options.mailer(),
          ip: request.ip,
          email,
          origin: request.origin,
          productName: options.productName,
        }),
      confirmPasswordReset: (input, request) =>
        confirmPasswordReset({ db, limiter, ip: request.ip, ...input }),
      requestEmailVerification: ({ user, resend }, request) =>
        requestEmailVerification({
          db,
          limiter,
          mailer: options.mailer(),
          user,
          origin: request.origin,
          productName: options.productName,
          resend,
        }),
      confirmEmailVerification: ({ code }, request) =>
        confirmEmailVerification({ db, limiter, ip: request.ip, code }),
    },
  };
}
