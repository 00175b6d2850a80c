/**
 * Hosted sign-in (issue 19): which accounts of outside identity providers (OpenID Connect, GitHub,
 * Firebase) are linked to which account, and the sign-ins in flight. A sign-in row holds what the
 * callback must check (PKCE verifier, nonce) under the SHA-256 of its state; once finished it
 * holds the one-time code the web app trades for its session, also hashed.
 */
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const identityLinks = pgTable(
  "identity_links",
  {
    /** The configured provider's id ("google", "github", "firebase"…). */
    provider: text("provider").notNull(),
    /** The provider's stable id for the person (`sub`; GitHub's numeric user id). */
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address the provider gave when linked (shown in the profile), and its word on it. */
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    // One account of each provider per user: linking a second one means unlinking the first.
    unique("identity_links_user_provider_unique").on(t.userId, t.provider),
  ],
);

export const oidcSignIns = pgTable(
  "oidc_sign_ins",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider").notNull(),
    /** PKCE's verifier: useless without the code, which only the provider and browser see. */
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    /** Where the web app goes afterwards: a path the redirect allow-list accepted. */
    returnTo: text("return_to").notNull(),
    /** Set when a signed-in learner links the provider from their profile. */
    linkUserId: uuid("link_user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The callback came: a second one with the same state is a replay. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The signed-in account and the one-time code that hands its session to the web app. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    handoffHash: text("handoff_hash").unique(),
    handoffExpiresAt: timestamp("handoff_expires_at", { withTimezone: true }),
    handoffUsedAt: timestamp("handoff_used_at", { withTimezone: true }),
  },
  (t) => [index("oidc_sign_ins_expires_idx").on(t.expiresAt)],
);
