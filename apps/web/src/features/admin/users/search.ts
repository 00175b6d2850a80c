/**
 * Typed search params of the users area's pages (validated at the router): the users search
 * (`query`, the page `cursor`, the open `user`) and the audit log (`action`, `userId`, `cursor`).
 * A value that does not parse is dropped rather than breaking the page.
 */
import * as z from "zod/mini";

const text = (max: number) => z.catch(z.optional(z.string().check(z.maxLength(max))), undefined);
const uuid = z.catch(
  z.optional(
    z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
  ),
  undefined,
);

export const usersSearch = z.object({
  query: text(200),
  cursor: text(320),
  /** The user whose panel is open. */
  user: uuid,
});
export type UsersSearch = z.infer<typeof usersSearch>;

export const auditSearch = z.object({
  action: text(100),
  userId: uuid,
  cursor: z.catch(z.optional(z.string().check(z.regex(/^[1-9]\d{0,15}$/))), undefined),
});
export type AuditSearch = z.infer<typeof auditSearch>;
