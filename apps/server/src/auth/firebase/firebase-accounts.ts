/**
 * The product's account for a Firebase Authentication user (issue 19). The product keeps its own
 * accounts (progress, roles, subscriptions hang on users.id); a Firebase user is linked to one in
 * identity_links under the provider "firebase" and its Firebase uid. The first sign-in of a
 * Firebase user the product has not met (an operator's existing users) makes or links the account
 * by the same rules as OpenID Connect sign-in (oidc/account-decision.ts): by an address Firebase
 * has verified, never by an unverified one.
 */
import { MAX_DISPLAY_NAME_LENGTH, normalisedEmail } from "@lumen/contracts";
import { and, type Db, eq, schema, sql } from "@lumen/db";
import { carryVisitorIdentity } from "../../operations/experiments/experiment-subject.ts";
import { AuthError } from "../auth-error.ts";
import { type AccountFacts, decideSignIn } from "../oidc/account-decision.ts";
import { NO_PASSWORD } from "../password.ts";
import { revokeAllRefreshTokens } from "../session-tokens.ts";
import type { UserRow } from "../users.ts";

export const FIREBASE_PROVIDER = "firebase";

const links = schema.identityLinks;

/** The account a Firebase uid is linked to, if any. */
export async function findFirebaseAccount(db: Db, uid: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: schema.users })
    .from(links)
    .innerJoin(schema.users, eq(schema.users.id, links.userId))
    .where(and(eq(links.provider, FIREBASE_PROVIDER), eq(links.subject, uid)))
    .limit(1);
  return row?.user;
}

export interface FirebaseIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName?: string | null;
}

const facts = (row: UserRow): AccountFacts => ({
  id: row.id,
  disabled: row.disabled,
  emailVerified: row.emailVerified,
});

/**
 * The account for this Firebase user: the linked one, or one linked or made now. Refuses with
 * the `auth/*` code of the rule that stops it (a disabled account, an address another account
 * holds unverified).
 */
export async function settleFirebaseAccount(options: {
  db: Db;
  identity: FirebaseIdentity;
  visitorId?: string;
  now?: Date;
}): Promise<{ user: UserRow; created: boolean }> {
  const now = options.now ?? new Date();
  const { identity } = options;
  const email = identity.email ? normalisedEmail(identity.email) : null;
  return options.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const linked = await findFirebaseAccount(tx, identity.uid);
    const [sameEmail] =
      email && !linked
        ? await tx.select().from(schema.users).where(eq(schema.users.email, email)).limit(1)
        : [];
    const hasThisProvider = sameEmail
      ? (
          await tx
            .select({ subject: links.subject })
            .from(links)
            .where(and(eq(links.userId, sameEmail.id), eq(links.provider, FIREBASE_PROVIDER)))
            .limit(1)
        ).length > 0
      : false;
    const decision = decideSignIn({
      identity: { email, emailVerified: identity.emailVerified },
      linked: linked ? facts(linked) : null,
      sameEmail: sameEmail ? { ...facts(sameEmail), hasThisProvider } : null,
    });
    const link = (userId: string) =>
      tx.insert(links).values({
        provider: FIREBASE_PROVIDER,
        subject: identity.uid,
        userId,
        email,
        emailVerified: identity.emailVerified,
        linkedAt: now,
        lastUsedAt: now,
      });
    switch (decision.kind) {
      case "refuse":
        throw new AuthError(decision.code);
      case "sign-in": {
        await tx
          .update(links)
          .set({ lastUsedAt: now, emailVerified: identity.emailVerified })
          .where(and(eq(links.provider, FIREBASE_PROVIDER), eq(links.subject, identity.uid)));
        // Firebase confirmed the address since (its own link, or the console): so does the product.
        if (linked && identity.emailVerified && !linked.emailVerified && linked.email === email) {
          const [updated] = await tx
            .update(schema.users)
            .set({ emailVerified: true, updatedAt: now })
            .where(eq(schema.users.id, linked.id))
            .returning();
          return { user: updated ?? linked, created: false };
        }
        return { user: linked as UserRow, created: false };
      }
      case "link": {
        await link(decision.userId);
        if (!decision.claim) return { user: sameEmail as UserRow, created: false };
        // The address was never confirmed here: its password and sessions may not be this
        // person's, and Firebase has proved the address is.
        const [claimed] = await tx
          .update(schema.users)
          .set({
            emailVerified: true,
            passwordHash: NO_PASSWORD,
            sessionVersion: sql`${schema.users.sessionVersion} + 1`,
            updatedAt: now,
          })
          .where(eq(schema.users.id, decision.userId))
          .returning();
        await revokeAllRefreshTokens(tx, decision.userId);
        return { user: claimed as UserRow, created: false };
      }
      case "create": {
        const [user] = await tx
          .insert(schema.users)
          .values({
            email: email ?? "",
            emailVerified: decision.emailVerified,
            passwordHash: NO_PASSWORD,
            displayName: identity.displayName?.trim().slice(0, MAX_DISPLAY_NAME_LENGTH) || null,
          })
          .onConflictDoNothing({ target: schema.users.email })
          .returning();
        if (!user) throw new AuthError("auth/email-already-in-use");
        await link(user.id);
        if (options.visitorId) {
          await carryVisitorIdentity({ db: tx, userId: user.id, visitorId: options.visitorId });
        }
        return { user, created: true };
      }
    }
  });
}

/** Ends every session of the account the product holds (session cookies, its own tokens). */
export async function endLocalSessions(db: Db, userId: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .update(schema.users)
      .set({ sessionVersion: sql`${schema.users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(eq(schema.users.id, userId));
    await revokeAllRefreshTokens(tx, userId);
  });
}
