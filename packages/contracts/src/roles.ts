/**
 * Roles an account's claims can carry (spec section 6 names course_engineer; issue 14 adds
 * admin, who runs the admin console). Granted with `npm run admin -- grant-role`.
 */
export const ADMIN_ROLE = "admin";
export const COURSE_ENGINEER_ROLE = "course_engineer";
export const ROLES = [ADMIN_ROLE, COURSE_ENGINEER_ROLE] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
