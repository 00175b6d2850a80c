/**
 * Imports the users of a Firebase Authentication export (`firebase auth:export users.json
 * --format=json`) as the product's accounts (issue 19; `npm run admin -- import-firebase-users`).
 * Each keeps their address, its verified flag, their name, whether they are disabled and when they
 * joined; a password hash travels with the project's hash config (firebase-scrypt.ts) and is
 * replaced by ours at their first sign-in. Each account is linked to its Firebase uid, so a second
 * run skips who is there already and AUTH_PROVIDER=firebase would find them. Users without an
 * address (phone or anonymous sign-in) and addresses that already have an account are reported,
 * not imported. Nothing of an existing account changes.
 */
import { isValidEmail, MAX_DISPLAY_NAME_LENGTH, normalisedEmail } from "@lumen/contracts";
import { and, type Db, eq, inArray, schema } from "@lumen/db";
import { z } from "zod";
import { FIREBASE_PROVIDER } from "../auth/firebase/firebase-accounts.ts";
import { encodeFirebaseHash, type FirebaseHashConfig } from "../auth/firebase/firebase-scrypt.ts";
import { NO_PASSWORD } from "../auth/password.ts";

const base64 = z.string().regex(/^[A-Za-z0-9+/_-]*={0,2}$/, "must be base64");

/** One user of the export: the fields the import reads; the rest is ignored. */
const exportedUser = z.object({
  localId: z.string().min(1).max(128),
  email: z.string().max(320).optional(),
  emailVerified: z.boolean().optional(),
  passwordHash: base64.max(1024).optional(),
  salt: base64.max(1024).optional(),
  displayName: z.string().max(1000).optional(),
  disabled: z.boolean().optional(),
  /** Milliseconds since 1970, as a string. */
  createdAt: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

export const firebaseExportSchema = z.object({ users: z.array(z.unknown()) });

export type ImportSkipReason =
  | "no email address"
  | "invalid data"
  | "account exists"
  | "imported before";

export interface ImportFirebaseUsersResult {
  imported: number;
  withPassword: number;
  skipped: Array<{ localId: string; email: string | null; reason: ImportSkipReason }>;
}

/** Users per transaction: a large export commits as it goes. */
const BATCH = 500;

export async function importFirebaseUsers(options: {
  db: Db;
  /** The export's `users` array, as parsed from its JSON. */
  users: readonly unknown[];
  hashConfig: FirebaseHashConfig;
}): Promise<ImportFirebaseUsersResult> {
  const result: ImportFirebaseUsersResult = { imported: 0, withPassword: 0, skipped: [] };
  for (let start = 0; start < options.users.length; start += BATCH) {
    const batch = options.users.slice(start, start + BATCH);
    await options.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const parsed = batch.map((raw) => ({ raw, user: exportedUser.safeParse(raw) }));
      const uids = parsed.flatMap(({ user }) => (user.success ? [user.data.localId] : []));
      const known = new Set(
        uids.length === 0
          ? []
          : (
              await tx
                .select({ subject: schema.identityLinks.subject })
                .from(schema.identityLinks)
                .where(
                  and(
                    eq(schema.identityLinks.provider, FIREBASE_PROVIDER),
                    inArray(schema.identityLinks.subject, uids),
                  ),
                )
            ).map((row) => row.subject),
      );
      for (const { raw, user } of parsed) {
        if (!user.success) {
          const localId = (raw as { localId?: unknown } | null)?.localId;
          result.skipped.push({
            localId: typeof localId === "string" ? localId.slice(0, 128) : "?",
            email: null,
            reason: "invalid data",
          });
          continue;
        }
        const u = user.data;
        if (known.has(u.localId)) {
          result.skipped.push({
            localId: u.localId,
            email: u.email ?? null,
            reason: "imported before",
          });
          continue;
        }
        if (!u.email || !isValidEmail(u.email)) {
          result.skipped.push({
            localId: u.localId,
            email: u.email ?? null,
            reason: "no email address",
          });
          continue;
        }
        const email = normalisedEmail(u.email);
        const hasHash = Boolean(u.passwordHash && u.salt);
        const passwordHash =
          hasHash && u.passwordHash && u.salt
            ? encodeFirebaseHash(
                options.hashConfig,
                Buffer.from(u.salt, "base64"),
                Buffer.from(u.passwordHash, "base64"),
              )
            : NO_PASSWORD;
        const createdAt = u.createdAt ? new Date(Number(u.createdAt)) : new Date();
        const [row] = await tx
          .insert(schema.users)
          .values({
            email,
            emailVerified: u.emailVerified ?? false,
            passwordHash,
            displayName: u.displayName?.trim().slice(0, MAX_DISPLAY_NAME_LENGTH) || null,
            disabled: u.disabled ?? false,
            createdAt,
            updatedAt: createdAt,
          })
          .onConflictDoNothing({ target: schema.users.email })
          .returning({ id: schema.users.id });
        if (!row) {
          result.skipped.push({ localId: u.localId, email, reason: "account exists" });
          continue;
        }
        await tx.insert(schema.identityLinks).values({
          provider: FIREBASE_PROVIDER,
          subject: u.localId,
          userId: row.id,
          email,
          emailVerified: u.emailVerified ?? false,
        });
        known.add(u.localId);
        result.imported += 1;
        if (hasHash) result.withPassword += 1;
      }
    });
  }
  return result;
}
