/**
 * The provider's callback (GET /v1/auth/oidc/:provider/callback): checks that the state is the
 * one this browser started and spends it (a second callback with it is a replay), lets the
 * provider's code and ID token be verified (oidc-service.ts), then in one transaction signs in,
 * links or makes the account (account-decision.ts) and stores a one-time code, good for two
 * minutes, that the web app trades for its session. A failure at any step changes no account.
 */
import { timingSafeEqual } from "node:crypto";
import { isValidEmail, MAX_DISPLAY_NAME_LENGTH, normalisedEmail } from "@lumen/contracts";
import { and, type Db, eq, isNull, schema, sql } from "@lumen/db";
import { AuthError, type AuthErrorCode } from "../../auth/auth-error.ts";
import { type AccountFacts, decideLink, decideSignIn } from "../../auth/oidc/account-decision.ts";
import type { OidcService, ProviderIdentity } from "../../auth/oidc/oidc-service.ts";
import { NO_PASSWORD } from "../../auth/password.ts";
import { hashSecret, newSecret } from "../../auth/secret-token.ts";
import { revokeAllRefreshTokens } from "../../auth/session-tokens.ts";

export interface FinishOidcSignInOptions {
  db: Db;
  oidc: OidcService;
  providerId: string;
  /** The callback's URL, on the product's public origin, with the provider's query. */
  callbackUrl: URL;
  /** The state in this browser's sign-in cookie, if any. */
  cookieState: string | null;
  now: Date;
}

export type FinishOidcSignInResult =
  | { ok: true; linking: false; returnTo: string; handoff: string; created: boolean }
  | { ok: true; linking: true; returnTo: string }
  /** `returnTo` and `linking` are unknown when the state could not be read. */
  | { ok: false; code: AuthErrorCode; returnTo?: string; linking?: boolean };

export const HANDOFF_TTL_MS = 2 * 60 * 1000;

type SignInRow = typeof schema.oidcSignIns.$inferSelect;

function sameState(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Spends the sign-in row: only the first callback with a state gets it. */
async function spend(db: Db, providerId: string, state: string, now: Date) {
  const stateHash = hashSecret(state);
  const [row] = await db
    .update(schema.oidcSignIns)
    .set({ usedAt: now })
    .where(
      and(
        eq(schema.oidcSignIns.stateHash, stateHash),
        eq(schema.oidcSignIns.provider, providerId),
        isNull(schema.oidcSignIns.usedAt),
      ),
    )
    .returning();
  if (row) return row;
  const [seen] = await db
    .select({ provider: schema.oidcSignIns.provider })
    .from(schema.oidcSignIns)
    .where(eq(schema.oidcSignIns.stateHash, stateHash))
    .limit(1);
  throw new AuthError(
    seen?.provider === providerId ? "auth/spent-oauth-state" : "auth/invalid-oauth-state",
  );
}

const accountFacts = (row: typeof schema.users.$inferSelect): AccountFacts => ({
  id: row.id,
  disabled: row.disabled,
  emailVerified: row.emailVerified,
});

/** The account decision and its writes, in the caller's transaction. */
async function settle(
  tx: Db,
  row: SignInRow,
  identity: ProviderIdentity,
  now: Date,
): Promise<{ userId: string | null; created: boolean }> {
  const links = schema.identityLinks;
  const [existing] = await tx
    .select()
    .from(links)
    .where(and(eq(links.provider, identity.provider), eq(links.subject, identity.subject)))
    .limit(1);
  const newLink = (userId: string) =>
    tx.insert(links).values({
      provider: identity.provider,
      subject: identity.subject,
      userId,
      email: identity.email,
      emailVerified: identity.emailVerified,
      linkedAt: now,
      lastUsedAt: now,
    });

  if (row.linkUserId) {
    const [mine] = await tx
      .select({ subject: links.subject })
      .from(links)
      .where(and(eq(links.userId, row.linkUserId), eq(links.provider, identity.provider)))
      .limit(1);
    const decision = decideLink({
      requesterId: row.linkUserId,
      linkedTo: existing?.userId ?? null,
      requesterHasProvider: mine !== undefined,
    });
    if (decision.kind === "refuse") throw new AuthError(decision.code);
    if (decision.kind === "link") await newLink(row.linkUserId);
    return { userId: null, created: false };
  }

  const linkedUser = existing
    ? (await tx.select().from(schema.users).where(eq(schema.users.id, existing.userId)))[0]
    : undefined;
  const sameEmailUser = identity.email
    ? (await tx.select().from(schema.users).where(eq(schema.users.email, identity.email)))[0]
    : undefined;
  const hasThisProvider = sameEmailUser
    ? (
        await tx
          .select({ subject: links.subject })
          .from(links)
          .where(and(eq(links.userId, sameEmailUser.id), eq(links.provider, identity.provider)))
          .limit(1)
      ).length > 0
    : false;
  const decision = decideSignIn({
    identity,
    linked: linkedUser ? accountFacts(linkedUser) : null,
    sameEmail: sameEmailUser ? { ...accountFacts(sameEmailUser), hasThisProvider } : null,
  });
  switch (decision.kind) {
    case "refuse":
      throw new AuthError(decision.code);
    case "sign-in":
      await tx
        .update(links)
        .set({ lastUsedAt: now })
        .where(and(eq(links.provider, identity.provider), eq(links.subject, identity.subject)));
      return { userId: decision.userId, created: false };
    case "link":
      await newLink(decision.userId);
      if (decision.claim) {
        // The address was never confirmed: its password and sessions may not be this person's.
        await tx
          .update(schema.users)
          .set({
            emailVerified: true,
            passwordHash: NO_PASSWORD,
            sessionVersion: sql`${schema.users.sessionVersion} + 1`,
            updatedAt: now,
          })
          .where(eq(schema.users.id, decision.userId));
        await revokeAllRefreshTokens(tx, decision.userId);
      }
      return { userId: decision.userId, created: false };
    case "create": {
      const [user] = await tx
        .insert(schema.users)
        .values({
          email: identity.email ?? "",
          emailVerified: decision.emailVerified,
          passwordHash: NO_PASSWORD,
          displayName: identity.name?.trim().slice(0, MAX_DISPLAY_NAME_LENGTH) || null,
        })
        .onConflictDoNothing({ target: schema.users.email })
        .returning();
      // Another sign-in made the account a moment ago: this one is not linked to it.
      if (!user) throw new AuthError("auth/account-exists-with-different-credential");
      await newLink(user.id);
      return { userId: user.id, created: true };
    }
  }
}

export async function finishOidcSignIn(
  options: FinishOidcSignInOptions,
): Promise<FinishOidcSignInResult> {
  const { db, now } = options;
  const state = options.callbackUrl.searchParams.get("state");
  if (!state || !options.cookieState || !sameState(state, options.cookieState)) {
    return { ok: false, code: "auth/invalid-oauth-state" };
  }
  const provider = options.oidc.find(options.providerId);
  if (!provider) return { ok: false, code: "auth/no-such-provider" };
  let row: SignInRow;
  try {
    row = await spend(db, provider.id, state, now);
  } catch (error) {
    if (error instanceof AuthError) return { ok: false, code: error.code };
    throw error;
  }
  const linking = row.linkUserId !== null;
  const fail = (code: AuthErrorCode) => ({
    ok: false as const,
    code,
    returnTo: row.returnTo,
    linking,
  });
  if (row.expiresAt.getTime() <= now.getTime()) return fail("auth/spent-oauth-state");
  try {
    const identity = await options.oidc.identify(provider, {
      callbackUrl: options.callbackUrl,
      state,
      nonce: row.nonce,
      codeVerifier: row.codeVerifier,
    });
    const email =
      identity.email && isValidEmail(identity.email) ? normalisedEmail(identity.email) : null;
    const handoff = newSecret();
    const settled = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const result = await settle(tx, row, { ...identity, email }, now);
      if (result.userId) {
        await tx
          .update(schema.oidcSignIns)
          .set({
            userId: result.userId,
            handoffHash: hashSecret(handoff),
            handoffExpiresAt: new Date(now.getTime() + HANDOFF_TTL_MS),
          })
          .where(eq(schema.oidcSignIns.stateHash, row.stateHash));
      }
      return result;
    });
    if (linking) return { ok: true, linking: true, returnTo: row.returnTo };
    return { ok: true, linking: false, returnTo: row.returnTo, handoff, created: settled.created };
  } catch (error) {
    if (error instanceof AuthError) return fail(error.code);
    throw error;
  }
}
