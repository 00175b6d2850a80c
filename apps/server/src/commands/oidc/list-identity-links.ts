/**
 * The profile's sign-in methods (GET /v1/me/identities): whether the account has a password, the
 * "Continue with …" providers linked to it, and the configured ones it could link. A link of the
 * session provider itself (Firebase's uid, auth/firebase/) is the account's password there: it
 * counts as the password and is never listed to unlink.
 */
import type { IdentityLinks } from "@lumen/contracts";
import { type Db, eq, schema } from "@lumen/db";
import type { OidcProviderSettings } from "../../auth/oidc/oidc-settings.ts";
import { hasPassword } from "../../auth/password.ts";
import type { UserRow } from "../../auth/users.ts";

export async function listIdentityLinks(options: {
  db: Db;
  user: UserRow;
  providers: readonly OidcProviderSettings[];
}): Promise<IdentityLinks> {
  const rows = await options.db
    .select()
    .from(schema.identityLinks)
    .where(eq(schema.identityLinks.userId, options.user.id))
    .orderBy(schema.identityLinks.linkedAt);
  const nameOf = (id: string) => options.providers.find((p) => p.id === id)?.name;
  const hosted = rows.filter((row) => nameOf(row.provider) !== undefined);
  return {
    hasPassword: hasPassword(options.user.passwordHash) || hosted.length < rows.length,
    linked: hosted.map((row) => ({
      provider: row.provider,
      name: nameOf(row.provider) ?? row.provider,
      email: row.email,
      linkedAt: row.linkedAt.toISOString(),
    })),
    available: options.providers
      .filter((p) => !rows.some((row) => row.provider === p.id))
      .map((p) => ({ id: p.id, name: p.name })),
  };
}
