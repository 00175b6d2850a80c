/**
 * One-time action codes for password reset, email verification and email change: a random secret
 * mailed as a link, stored hashed, good once and for a limited time.
 */
import { and, type Db, eq, isNull, schema } from "@lumen/db";
import { AuthError } from "./auth-error.ts";
import { hashSecret, newSecret } from "./secret-token.ts";

export type ActionPurpose = "password_reset" | "verify_email" | "change_email";

export const ACTION_CODE_TTL_MS: Record<ActionPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  verify_email: 24 * 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
};

export async function createActionCode(options: {
  db: Db;
  userId: string;
  email: string;
  purpose: ActionPurpose;
}): Promise<string> {
  const code = newSecret();
  await options.db.insert(schema.actionCodes).values({
    codeHash: hashSecret(code),
    userId: options.userId,
    email: options.email,
    purpose: options.purpose,
    expiresAt: new Date(Date.now() + ACTION_CODE_TTL_MS[options.purpose]),
  });
  return code;
}

/**
 * Spends a code: answers its user id and address, or auth/invalid-action-code (unknown, used,
 * other purpose) or auth/expired-action-code.
 */
export async function consumeActionCode(options: {
  db: Db;
  code: string;
  purpose: ActionPurpose;
}): Promise<{ userId: string; email: string }> {
  const codeHash = hashSecret(options.code);
  const [row] = await options.db
    .select()
    .from(schema.actionCodes)
    .where(eq(schema.actionCodes.codeHash, codeHash))
    .limit(1);
  if (!row || row.purpose !== options.purpose || row.usedAt)
    throw new AuthError("auth/invalid-action-code");
  if (row.expiresAt.getTime() <= Date.now()) throw new AuthError("auth/expired-action-code");
  // The usedAt condition makes two concurrent uses of one code succeed at most once.
  const spent = await options.db
    .update(schema.actionCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(schema.actionCodes.codeHash, codeHash), isNull(schema.actionCodes.usedAt)))
    .returning({ userId: schema.actionCodes.userId });
  if (spent.length === 0) throw new AuthError("auth/invalid-action-code");
  return { userId: row.userId, email: row.email };
}
