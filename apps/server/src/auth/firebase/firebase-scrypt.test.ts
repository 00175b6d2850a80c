/**
 * Firebase's scrypt variant (issue 19), checked against a vector from Firebase's own
 * implementation and one computed here and cross-checked by an independent implementation.
 */
import { describe, expect, it } from "vitest";
import { needsRehash, verifyPassword } from "../password.ts";
import {
  encodeFirebaseHash,
  firebaseScryptHash,
  HashConfigError,
  isFirebaseScryptHash,
  parseFirebaseHashConfig,
  verifyFirebaseScrypt,
} from "./firebase-scrypt.ts";

/**
 * The example of github.com/firebase/scrypt's README (Firebase's C implementation), which other
 * ports (Python, Haskell, Rust) test against too.
 */
const FIREBASE_EXAMPLE = {
  config: `hash_config {
  algorithm: SCRYPT,
  base64_signer_key: jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==,
  base64_salt_separator: Bw==,
  rounds: 8,
  mem_cost: 14,
}`,
  salt: "42xEC+ixf3L2lw==",
  password: "user1password",
  hash: "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
};

/**
 * Computed with this module, and cross-checked by scripts/firebase-scrypt-cross-check.py: scrypt
 * written out in pure Python from RFC 7914 (checked with the RFC's own vector) and the CTR
 * keystream built by hand from AES blocks. A non-ASCII password, other rounds and mem_cost.
 */
const CROSS_CHECKED = {
  config: {
    signerKey: Buffer.from("lumen-signer-key-for-the-import-test-0123456789").toString("base64"),
    saltSeparator: "Bw==",
    rounds: 4,
    memCost: 10,
  },
  salt: "c2FsdC1mb3ItbHVtZW4=",
  password: "pässwörd 🔑",
  hash: "uT/TbRk+enla9J1ceNbskGqoPjaz3foGldxFLlma68ewsGJXKGYSiod6yqERfIU=",
};

describe("firebaseScryptHash", () => {
  it("gives the hash of Firebase's published example", async () => {
    const config = parseFirebaseHashConfig(FIREBASE_EXAMPLE.config);
    const hash = await firebaseScryptHash(
      FIREBASE_EXAMPLE.password,
      Buffer.from(FIREBASE_EXAMPLE.salt, "base64"),
      config,
    );
    expect(hash.toString("base64")).toBe(FIREBASE_EXAMPLE.hash);
  });

  it("gives the hash an independent implementation gives for other parameters", async () => {
    const config = parseFirebaseHashConfig(JSON.stringify(CROSS_CHECKED.config));
    const hash = await firebaseScryptHash(
      CROSS_CHECKED.password,
      Buffer.from(CROSS_CHECKED.salt, "base64"),
      config,
    );
    expect(hash.toString("base64")).toBe(CROSS_CHECKED.hash);
  });
});

describe("an imported hash", () => {
  const stored = () => {
    const config = parseFirebaseHashConfig(FIREBASE_EXAMPLE.config);
    return encodeFirebaseHash(
      config,
      Buffer.from(FIREBASE_EXAMPLE.salt, "base64"),
      Buffer.from(FIREBASE_EXAMPLE.hash, "base64"),
    );
  };

  it("carries its parameters, matches the password and nothing else", async () => {
    expect(stored()).toMatch(/^firebase-scrypt\$8\$14\$Bw\$[\w-]+\$[\w-]+\$[\w-]+$/);
    expect(isFirebaseScryptHash(stored())).toBe(true);
    expect(await verifyFirebaseScrypt("user1password", stored())).toBe(true);
    expect(await verifyFirebaseScrypt("user1password ", stored())).toBe(false);
    expect(await verifyFirebaseScrypt("User1password", stored())).toBe(false);
  });

  it("is checked by verifyPassword, and always rehashed after", async () => {
    expect(await verifyPassword("user1password", stored())).toBe(true);
    expect(await verifyPassword("wrong", stored())).toBe(false);
    expect(needsRehash(stored())).toBe(true);
  });

  it("that is damaged matches nothing", async () => {
    const parts = stored().split("$");
    for (const damaged of [
      parts.slice(0, 6).join("$"),
      [...parts.slice(0, 1), "9", ...parts.slice(2)].join("$"),
      [...parts.slice(0, 2), "15", ...parts.slice(3)].join("$"),
      [...parts.slice(0, 6), ""].join("$"),
      "firebase-scrypt$",
    ]) {
      expect(await verifyFirebaseScrypt("user1password", damaged), damaged).toBe(false);
    }
  });
});

describe("parseFirebaseHashConfig", () => {
  const expected = {
    signerKey: Buffer.from(CROSS_CHECKED.config.signerKey, "base64"),
    saltSeparator: Buffer.from("Bw==", "base64"),
    rounds: 4,
    memCost: 10,
  };

  it("reads the console's text, and JSON in snake_case or camelCase", () => {
    const snake = {
      algorithm: "SCRYPT",
      base64_signer_key: CROSS_CHECKED.config.signerKey,
      base64_salt_separator: "Bw==",
      rounds: 4,
      mem_cost: 10,
    };
    expect(parseFirebaseHashConfig(JSON.stringify(snake))).toEqual(expected);
    expect(parseFirebaseHashConfig(JSON.stringify({ hash_config: snake }))).toEqual(expected);
    expect(parseFirebaseHashConfig(JSON.stringify(CROSS_CHECKED.config))).toEqual(expected);
    expect(
      parseFirebaseHashConfig(
        `hash_config {\n  algorithm: SCRYPT,\n  base64_signer_key: ${CROSS_CHECKED.config.signerKey},\n  base64_salt_separator: Bw==,\n  rounds: 4,\n  mem_cost: 10,\n}\n`,
      ),
    ).toEqual(expected);
  });

  it("refuses another algorithm, parameters out of Firebase's bounds, and no signer key", () => {
    const base = CROSS_CHECKED.config;
    for (const [config, message] of [
      [
        { ...base, algorithm: "BCRYPT" },
        "Only Firebase's SCRYPT hashes can be imported, not BCRYPT.",
      ],
      [{ ...base, rounds: 0 }, "The hash config's rounds must be a whole number from 1 to 8."],
      [{ ...base, rounds: 9 }, "The hash config's rounds must be a whole number from 1 to 8."],
      [{ ...base, memCost: 15 }, "The hash config's mem_cost must be a whole number from 1 to 14."],
      [{ ...base, signerKey: "" }, "The hash config has no signer key."],
      [{ ...base, signerKey: "not base64!" }, "The hash config's signer key must be base64."],
    ] as const) {
      expect(() => parseFirebaseHashConfig(JSON.stringify(config))).toThrowError(
        new HashConfigError(message),
      );
    }
    expect(() => parseFirebaseHashConfig("nothing here")).toThrowError(HashConfigError);
  });
});
