import { type Database, desc, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin, UsageError } from "./admin.ts";
import { verifyIdToken } from "./auth/id-token.ts";
import { noRateLimit } from "./auth/rate-limit.ts";
import { loadKeyRing } from "./auth/signing-keys.ts";
import { AdminAlreadyExistsError } from "./commands/admin-make-first-admin.ts";
import { UnknownAccountError } from "./commands/grant-role.ts";
import { signUpUser } from "./commands/sign-up-user.ts";
import { seedDemoAccounts } from "./seed/demo-accounts.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoAccounts({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

const learner = "learner@lumen.localhost";
const userRow = async () =>
  (await database.db.select().from(schema.users)).find((u) => u.email === learner);

describe("npm run admin", () => {
  it("grants and revokes course_engineer", async () => {
    expect(await runAdmin(["grant-role", learner, "course_engineer"], database, "ops")).toContain(
      "course_engineer",
    );
    expect((await userRow())?.roles).toEqual(["course_engineer"]);
    await runAdmin(["grant-role", learner, "course_engineer"], database, "ops");
    expect((await userRow())?.roles).toEqual(["course_engineer"]);
    await runAdmin(["revoke-role", learner, "course_engineer"], database, "ops");
    expect((await userRow())?.roles).toEqual([]);
  });

  it("disables and enables an account, ending its sessions", async () => {
    const before = (await userRow())?.sessionVersion ?? 0;
    await runAdmin(["disable-user", learner], database, "ops");
    expect(await userRow()).toMatchObject({ disabled: true, sessionVersion: before + 1 });
    await runAdmin(["enable-user", learner], database, "ops");
    expect((await userRow())?.disabled).toBe(false);
  });

  it("prints an impersonation token that names the operator", async () => {
    const token = await runAdmin(["impersonate", learner], database, "ops@lumen.dev");
    const claims = await verifyIdToken(await loadKeyRing(database.db), token);
    expect(claims).toMatchObject({ email: learner, imp: "ops@lumen.dev" });
    expect((claims?.exp ?? 0) - (claims?.iat ?? 0)).toBe(8 * 3600);
  });

  it("explains a bad command, an unknown role and an unknown account", async () => {
    await expect(runAdmin(["fly"], database, "ops")).rejects.toThrow(UsageError);
    await expect(runAdmin(["grant-role", learner, "wizard"], database, "ops")).rejects.toThrow(
      "Unknown role wizard",
    );
    await expect(runAdmin(["grant-role", learner], database, "ops")).rejects.toThrow(
      "needs an email and a role",
    );
    await expect(runAdmin(["disable-user", "nobody@example.com"], database, "ops")).rejects.toThrow(
      UnknownAccountError,
    );
  });
});

const auditRows = (db: Database) =>
  db.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id));

describe("npm run admin writes the audit log", () => {
  it("records role changes, disabling and enabling with no actor, and nothing for a no-op", async () => {
    const before = (await auditRows(database)).length;
    await runAdmin(["grant-role", learner, "course_engineer"], database, "ops");
    await runAdmin(["grant-role", learner, "course_engineer"], database, "ops");
    await runAdmin(["revoke-role", learner, "course_engineer"], database, "ops");
    await runAdmin(["disable-user", learner], database, "ops");
    await runAdmin(["enable-user", learner], database, "ops");
    const rows = (await auditRows(database)).slice(0, (await auditRows(database)).length - before);
    expect(rows.map((r) => [r.action, r.actorId, r.actorEmail, r.targetEmail])).toEqual([
      ["user.enable", null, null, learner],
      ["user.disable", null, null, learner],
      ["user.role.revoke", null, null, learner],
      ["user.role.grant", null, null, learner],
    ]);
    expect(rows.at(-1)?.detail).toEqual({ role: "course_engineer", via: "cli", operator: "ops" });
  });
});

describe("npm run admin -- make-first-admin", () => {
  let empty: Database;
  beforeAll(async () => {
    empty = await createTestDatabase();
  });
  afterAll(async () => {
    await empty.close();
  });
  const signUp = (email: string) =>
    signUpUser({
      db: empty.db,
      limiter: noRateLimit,
      ip: "test",
      email,
      password: "secret-123",
      displayName: "First",
    });

  it("makes the first administrator once, records it, and refuses once there is one", async () => {
    await signUp("first@example.com");
    await signUp("second@example.com");
    await expect(
      runAdmin(["make-first-admin", "nobody@example.com"], empty, "ops"),
    ).rejects.toThrow(UnknownAccountError);
    expect(await runAdmin(["make-first-admin", "First@Example.com"], empty, "ops")).toContain(
      "first@example.com is now the first administrator",
    );
    const users = await empty.db.select().from(schema.users);
    expect(users.find((u) => u.email === "first@example.com")?.roles).toEqual(["admin"]);
    const [entry] = await auditRows(empty);
    expect(entry).toMatchObject({
      action: "user.role.grant",
      actorId: null,
      targetEmail: "first@example.com",
      detail: { role: "admin", via: "make-first-admin", operator: "ops" },
    });
    const refused = runAdmin(["make-first-admin", "second@example.com"], empty, "ops");
    await expect(refused).rejects.toThrow(AdminAlreadyExistsError);
    await expect(
      runAdmin(["make-first-admin", "second@example.com"], empty, "ops"),
    ).rejects.toThrow("An administrator already exists (first@example.com)");
    const after = await empty.db.select().from(schema.users);
    expect(after.find((u) => u.email === "second@example.com")?.roles).toEqual([]);
    await expect(runAdmin(["make-first-admin"], empty, "ops")).rejects.toThrow(UsageError);
  });

  it("refuses on the demo database, whose demo admin is already there", async () => {
    await expect(runAdmin(["make-first-admin", learner], database, "ops")).rejects.toThrow(
      "admin@lumen.localhost",
    );
  });
});
