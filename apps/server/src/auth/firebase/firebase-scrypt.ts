/**
 * Firebase Authentication's variant of scrypt (issue 19), for users imported from a Firebase
 * export: their hashes are checked at their first sign-in, then replaced by ours (password.ts).
 * Firebase's published algorithm (github.com/firebase/scrypt): the key is
 * scrypt(password, salt + salt separator, N = 2^mem_cost, r = rounds, p = 1, 32 bytes), and the
 * stored hash is the project's signer key encrypted with AES-256-CTR under that key, with a zero
 * counter block. node:crypto does both; no library of our own crypto.
 *
 * The project's parameters travel inside each stored hash, like ours:
 * `firebase-scrypt$<rounds>$<mem_cost>$<salt separator>$<signer key>$<salt>$<hash>` (base64url).
 */
import { createCipheriv, scrypt, timingSafeEqual } from "node:crypto";

/** The project's "password hash parameters" (Firebase console, Authentication > Users). */
export interface FirebaseHashConfig {
  signerKey: Buffer;
  saltSeparator: Buffer;
  rounds: number;
  memCost: number;
}

export const FIREBASE_SCRYPT_PREFIX = "firebase-scrypt";

export class HashConfigError extends Error {}

const base64 = (value: unknown, name: string): Buffer => {
  if (typeof value !== "string" || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) {
    throw new HashConfigError(`The hash config's ${name} must be base64.`);
  }
  return Buffer.from(value, "base64");
};

/**
 * The hash config as the console shows it (`hash_config { algorithm: SCRYPT, base64_signer_key:
 * …, base64_salt_separator: …, rounds: 8, mem_cost: 14, }`), or the same as JSON, in snake_case
 * or camelCase (signerKey, saltSeparator, rounds, memCost).
 */
export function parseFirebaseHashConfig(text: string): FirebaseHashConfig {
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(text) as Record<string, unknown>;
  } catch {
    fields = {};
    for (const match of text.matchAll(/([a-z_0-9]+)\s*:\s*([^,\s}]+)/gi)) {
      const [, name, value] = match;
      if (name && value) fields[name] = value.replace(/^"|"$/g, "");
    }
  }
  if (!fields || typeof fields !== "object") throw new HashConfigError("No hash config found.");
  const config = (fields.hash_config ?? fields.hashConfig ?? fields) as Record<string, unknown>;
  const algorithm = config.algorithm ?? "SCRYPT";
  if (String(algorithm).toUpperCase() !== "SCRYPT") {
    throw new HashConfigError(`Only Firebase's SCRYPT hashes can be imported, not ${algorithm}.`);
  }
  const signerKey = base64(config.base64_signer_key ?? config.signerKey, "signer key");
  const saltSeparator = base64(
    config.base64_salt_separator ?? config.saltSeparator ?? "",
    "salt separator",
  );
  const rounds = Number(config.rounds);
  const memCost = Number(config.mem_cost ?? config.memCost);
  if (signerKey.length === 0) throw new HashConfigError("The hash config has no signer key.");
  // Firebase's own bounds for its scrypt parameters.
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 8) {
    throw new HashConfigError("The hash config's rounds must be a whole number from 1 to 8.");
  }
  if (!Number.isInteger(memCost) || memCost < 1 || memCost > 14) {
    throw new HashConfigError("The hash config's mem_cost must be a whole number from 1 to 14.");
  }
  return { signerKey, saltSeparator, rounds, memCost };
}

/** Firebase's hash of a password, as its export holds it (the raw bytes). */
export function firebaseScryptHash(
  password: string,
  salt: Buffer,
  config: FirebaseHashConfig,
): Promise<Buffer> {
  const N = 2 ** config.memCost;
  return new Promise((resolve, reject) => {
    scrypt(
      Buffer.from(password, "utf8"),
      Buffer.concat([salt, config.saltSeparator]),
      32,
      { N, r: config.rounds, p: 1, maxmem: 256 * N * config.rounds + 16 * 1024 * 1024 },
      (error, key) => {
        if (error) return reject(error);
        const cipher = createCipheriv("aes-256-ctr", key, Buffer.alloc(16, 0));
        resolve(Buffer.concat([cipher.update(config.signerKey), cipher.final()]));
      },
    );
  });
}

const b64url = (value: Buffer) => value.toString("base64url");

/** The stored form of an imported hash: everything needed to check it, in one string. */
export function encodeFirebaseHash(config: FirebaseHashConfig, salt: Buffer, hash: Buffer): string {
  return [
    FIREBASE_SCRYPT_PREFIX,
    config.rounds,
    config.memCost,
    b64url(config.saltSeparator),
    b64url(config.signerKey),
    b64url(salt),
    b64url(hash),
  ].join("$");
}

export const isFirebaseScryptHash = (stored: string) =>
  stored.startsWith(`${FIREBASE_SCRYPT_PREFIX}$`);

function decode(stored: string): { config: FirebaseHashConfig; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 7 || parts[0] !== FIREBASE_SCRYPT_PREFIX) return null;
  const rounds = Number(parts[1]);
  const memCost = Number(parts[2]);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 8) return null;
  if (!Number.isInteger(memCost) || memCost < 1 || memCost > 14) return null;
  const [saltSeparator, signerKey, salt, hash] = parts
    .slice(3)
    .map((part) => Buffer.from(part, "base64url"));
  if (!saltSeparator || !signerKey || !salt || !hash || hash.length === 0) return null;
  return { config: { signerKey, saltSeparator, rounds, memCost }, salt, hash };
}

/** Whether the password matches an imported Firebase hash. */
export async function verifyFirebaseScrypt(password: string, stored: string): Promise<boolean> {
  const decoded = decode(stored);
  if (!decoded) return false;
  const hash = await firebaseScryptHash(password, decoded.salt, decoded.config);
  return hash.length === decoded.hash.length && timingSafeEqual(hash, decoded.hash);
}
