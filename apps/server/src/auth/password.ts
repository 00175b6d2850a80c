/**
 * Password hashing with node:crypto's scrypt. The parameters travel inside each stored hash, so
 * raising them later re-hashes nobody by force: old hashes still verify, and `needsRehash`
 * says when to upgrade one at the next sign-in.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { isFirebaseScryptHash, verifyFirebaseScrypt } from "./firebase/firebase-scrypt.ts";

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/**
 * OWASP's scrypt row "N=2^15, r=8, p=3": 32 MiB per hash, the same strength as its 2^17/8/1
 * row with a quarter of the memory, so a few sign-ins at once do not exhaust a small server.
 * bench/auth-signin.bench.ts measures what it costs.
 */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3, keyLength: 32 };

const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // Node refuses more than 32 MiB by default; allow what these parameters need, with room.
    maxmem: 256 * params.N * params.r + 16 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, params.keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const encode = (params: ScryptParams, salt: Buffer, key: Buffer) =>
  `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;

function decode(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const key = Buffer.from(parts[5] ?? "", "base64url");
  return { params: { N, r, p, keyLength: key.length }, salt, key };
}

export async function hashPassword(
  password: string,
  params: ScryptParams = SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return encode(params, salt, await derive(password, salt, params));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  // A hash imported from Firebase Authentication: checked its way once, then rehashed with ours
  // (needsRehash says so, as for any hash that is not ours).
  if (isFirebaseScryptHash(stored)) return verifyFirebaseScrypt(password, stored);
  const decoded = decode(stored);
  if (!decoded) return false;
  const key = await derive(password, decoded.salt, decoded.params);
  return key.length === decoded.key.length && timingSafeEqual(key, decoded.key);
}

export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const decoded = decode(stored);
  return (
    !decoded ||
    decoded.params.N !== params.N ||
    decoded.params.r !== params.r ||
    decoded.params.p !== params.p ||
    decoded.key.length !== params.keyLength
  );
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash to verify against when the email is unknown, so that an unknown email costs the same
 * time as a wrong password (docs/decisions/0010).
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

/**
 * The stored "hash" of an account made through a hosted provider (issue 19): no password can
 * match it (it is not a scrypt hash), and a password reset sets a real one.
 */
export const NO_PASSWORD = "none";

export const hasPassword = (stored: string): boolean => stored !== NO_PASSWORD;
