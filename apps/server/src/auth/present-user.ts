/** The user as the API shows it (spec section 3); database rows never leave the server. */
import type { UserRow } from "./users.ts";

export interface PresentedUser {
  id: string;
  email: string;
  emailVerified: boolean;
  tenantId: string | null;
  phoneNumber: string | null;
  displayName: string | null;
  photoURL: string | null;
  claims: { roles: string[] };
}

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
