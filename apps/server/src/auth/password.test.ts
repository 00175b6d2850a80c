import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./password.ts";

const cheap = { N: 2 ** 10, r: 8, p: 1, keyLength: 32 };

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse", cheap);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsf", stored)).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("same", cheap)).not.toBe(await hashPassword("same", cheap));
  });

  it("treats composed and decomposed accents as the same password", async () => {
    const stored = await hashPassword("café", cheap);
    expect(await verifyPassword("cafe\u0301", stored)).toBe(true);
  });

  it("refuses a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
    expect(await verifyPassword("x", "scrypt$0$8$1$AAAA$AAAA")).toBe(false);
  });

  it("uses the production parameters by default and flags older hashes for upgrade", async () => {
    const stored = await hashPassword("pw-123456");
    expect(
      stored.startsWith(`scrypt$${SCRYPT_PARAMS.N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$`),
    ).toBe(true);
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash(await hashPassword("pw-123456", cheap))).toBe(true);
  });
});
