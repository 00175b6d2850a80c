import { type Database, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin, UsageError } from "./admin.ts";
import { verifyIdToken } from "./auth/id-token.ts";
import { loadKeyRing } from "./auth/signing-keys.ts";
import { UnknownAccountError } from "./commands/grant-role.ts";
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
