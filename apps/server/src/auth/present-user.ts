/** The user as the API shows it (spec section 3); database rows never leave the server. */
import type { User } from "@lumen/contracts";
import type { UserRow } from "./users.ts";

/** The contracts' user (userSchema), which the web app parses with. */
export type PresentedUser = User;

export function presentUser(row: UserRow): PresentedUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    tenantId: row.tenantId,
    phoneNumber: row.phoneNumber,
    displayName: row.displayName,
    photoURL: row.photoUrl,
    claims: { roles: row.roles },
  };
}
