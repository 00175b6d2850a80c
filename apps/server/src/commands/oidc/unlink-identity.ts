/**
 * Unlinks a "Continue with …" provider from the signed-in account (DELETE
 * /v1/me/identities/:provider), unless it is the last way in: an account with no password and no
 * other provider keeps it. The session provider's own link (Firebase's uid) is the account's
 * password there: it counts as one and cannot be unlinked here.
 */
import { and, type Db, eq, schema } from "@lumen/db";
import { AuthError } from "../../auth/auth-error.ts";
import { canUnlink } from "../../auth/oidc/account-decision.ts";
import { hasPassword } from "../../auth/password.ts";
import type { UserRow } from "../../auth/users.ts";

export async function unlinkIdentity(options: {
  db: Db;
  user: UserRow;
  providerId: string;
  /** The configured "Continue with …" providers' ids. */
  hostedProviders: readonly string[];
}): Promise<void> {
  const hosted = new Set(options.hostedProviders);
  const { user } = options;
  await options.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const links = schema.identityLinks;
    // Read under a row lock: two unlinks at once must not both see "another one is left".
    const [account] = await tx
      .select({ passwordHash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.id, user.id))
      .for("update");
    const rows = await tx.select().from(links).where(eq(links.userId, user.id));
    const hostedRows = rows.filter((row) => hosted.has(row.provider));
    if (!account || !hostedRows.some((row) => row.provider === options.providerId)) {
      throw new AuthError("auth/no-such-provider");
    }
    const password = hasPassword(account.passwordHash) || hostedRows.length < rows.length;
    if (!canUnlink({ hasPassword: password, linkedProviders: hostedRows.length })) {
      throw new AuthError("auth/last-sign-in-method");
    }
    await tx
      .delete(links)
      .where(and(eq(links.userId, user.id), eq(links.provider, options.providerId)));
  });
}
