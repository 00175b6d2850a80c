/**
 * `npm run admin -- import-firebase-users` (issue 19): a Firebase export imported into a real
 * database, then its users signing in through the product's own API with the built-in provider:
 * the Firebase hash checked once and rehashed with ours.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, schema } from "@lumen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin, UsageError } from "../admin.ts";
import { newEmail } from "../testing/api-client.ts";
import { useTestApp } from "../testing/test-app.ts";

const testApp = useTestApp();
const { api } = testApp;
let dir: string;

/** The firebase/scrypt README's example: its hash config, and a user whose password is known. */
const HASH_CONFIG = `hash_config {
  algorithm: SCRYPT,
  base64_signer_key: jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==,
  base64_salt_separator: Bw==,
  rounds: 8,
  mem_cost: 14,
}`;
const KNOWN = {
  salt: "42xEC+ixf3L2lw==",
  passwordHash:
    "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
  password: "user1password",
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "lumen-firebase-import-"));
  await writeFile(path.join(dir, "hash-config.txt"), HASH_CONFIG);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function exportFile(name: string, users: unknown[]) {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify({ users }));
  return file;
}

const importFile = (file: string, config = path.join(dir, "hash-config.txt")) =>
  runAdmin(["import-firebase-users", file, "--hash-config", config], testApp.database, "ops");

const signIn = (email: string, password: string) =>
  api.post("/v1/auth/signin", { body: { email, password } });

const storedHash = async (email: string) =>
  (
    await testApp.database.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.email, email))
  )[0]?.hash;

describe("import-firebase-users", () => {
  it("imports users with their Firebase passwords, checked once and rehashed with ours", async () => {
    const email = newEmail("firebase");
    const verified = newEmail("verified");
    const file = await exportFile("users.json", [
      {
        localId: "uid-known",
        email: email.toUpperCase(),
        emailVerified: false,
        ...KNOWN,
        displayName: "Ada Firebase",
        createdAt: "1496440000000",
        lastSignedInAt: "1496450000000",
        providerUserInfo: [{ providerId: "password", email }],
      },
      { localId: "uid-verified", email: verified, emailVerified: true, ...KNOWN },
    ]);
    const report = await importFile(file);
    expect(report).toBe(
      "Imported 2 of 2 users from users.json; 2 keep their Firebase password (checked at their first sign-in, then rehashed with ours).",
    );
    expect(await storedHash(email)).toMatch(/^firebase-scrypt\$8\$14\$/);

    expect((await signIn(email, "wrong-password")).body.code).toBe("auth/wrong-password");
    const first = await signIn(email, KNOWN.password);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({
      email,
      displayName: "Ada Firebase",
      emailVerified: false,
    });
    expect(await storedHash(email)).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect((await signIn(email, KNOWN.password)).status).toBe(200);
    expect((await signIn(verified, KNOWN.password)).body.user).toMatchObject({
      emailVerified: true,
    });

    const [row] = await testApp.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, email));
    expect(row?.createdAt.toISOString()).toBe("2017-06-02T21:46:40.000Z");
    const [link] = await testApp.database.db
      .select()
      .from(schema.identityLinks)
      .where(eq(schema.identityLinks.subject, "uid-known"));
    expect(link).toMatchObject({ provider: "firebase", userId: row?.id, email });
  });

  it("reports who it skipped and why, keeps the disabled disabled, and can run twice", async () => {
    const existing = newEmail("existing");
    await api.signUp({ email: existing, password: "local-secret" });
    const disabled = newEmail("disabled");
    const noPassword = newEmail("google-only");
    const users = [
      { localId: "uid-phone", phoneNumber: "+15555550100" },
      { localId: "uid-existing", email: existing, ...KNOWN },
      { localId: "uid-disabled", email: disabled, disabled: true, ...KNOWN },
      {
        localId: "uid-google",
        email: noPassword,
        emailVerified: true,
        providerUserInfo: [{ providerId: "google.com", rawId: "1234" }],
      },
      { localId: 42, email: "bad@example.com" },
    ];
    const file = await exportFile("mixed.json", users);
    expect(await importFile(file)).toBe(
      [
        "Imported 2 of 5 users from mixed.json; 1 keep their Firebase password (checked at their first sign-in, then rehashed with ours), 1 without one sign in after a password reset.",
        "Skipped 3:",
        "  uid-phone: no email address",
        `  ${existing}: account exists`,
        "  ?: invalid data",
      ].join("\n"),
    );
    // The existing account is untouched: its own password still opens it.
    expect((await signIn(existing, "local-secret")).status).toBe(200);
    expect((await signIn(disabled, KNOWN.password)).body.code).toBe("auth/user-disabled");
    // No password came with it: no password opens it, a reset sets one.
    expect((await signIn(noPassword, "")).body.code).toBe("auth/wrong-password");
    expect(await storedHash(noPassword)).toBe("none");

    const again = await importFile(file);
    expect(again).toMatch(/^Imported 0 of 5 users from mixed\.json;/);
    expect(again).toContain(`  ${disabled}: imported before`);
    expect(again).toContain(`  ${noPassword}: imported before`);
  });

  it("writes one audit entry for each run", async () => {
    const file = await exportFile("audit.json", [{ localId: "uid-a", email: newEmail("a") }]);
    await importFile(file);
    const entries = await testApp.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "users.import.firebase"));
    expect(entries.at(-1)).toMatchObject({
      actorId: null,
      detail: {
        file: "audit.json",
        imported: 1,
        withPassword: 0,
        skipped: 0,
        via: "cli",
        operator: "ops",
      },
    });
  });

  it("refuses missing arguments, unreadable files, a bad hash config and what is not an export", async () => {
    const file = await exportFile("ok.json", []);
    const bcrypt = path.join(dir, "bcrypt.json");
    await writeFile(bcrypt, JSON.stringify({ algorithm: "BCRYPT" }));
    const notExport = path.join(dir, "not-export.json");
    await writeFile(notExport, "[1, 2, 3]");
    for (const [args, message] of [
      [
        ["import-firebase-users"],
        "import-firebase-users needs the export file and --hash-config <file>.",
      ],
      [
        ["import-firebase-users", file],
        "import-firebase-users needs the export file and --hash-config <file>.",
      ],
      [
        [
          "import-firebase-users",
          path.join(dir, "missing.json"),
          "--hash-config",
          path.join(dir, "hash-config.txt"),
        ],
        `Cannot read ${path.join(dir, "missing.json")}.`,
      ],
      [
        ["import-firebase-users", file, `--hash-config=${bcrypt}`],
        "Only Firebase's SCRYPT hashes can be imported, not BCRYPT.",
      ],
      [
        ["import-firebase-users", notExport, "--hash-config", path.join(dir, "hash-config.txt")],
        `${notExport} is not a Firebase export: expected JSON with a "users" array.`,
      ],
    ] as const) {
      await expect(runAdmin([...args], testApp.database, "ops")).rejects.toThrowError(
        new UsageError(message),
      );
    }
  });
});
