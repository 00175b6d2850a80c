/**
 * The ID token's signing keys: an ES256 key pair kept in the database, created on first use, so
 * every server process sharing the database signs and verifies with the same keys. Unretired
 * keys are published as JWKS; the newest one signs.
 */
import { randomUUID } from "node:crypto";
import { type Db, desc, isNull, schema } from "@lumen/db";
import { exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from "jose";

export const ID_TOKEN_ALGORITHM = "ES256";

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface KeyRing {
  current: SigningKey;
  jwks: JSONWebKeySet;
}

async function createKey(db: Db): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair(ID_TOKEN_ALGORITHM, {
    extractable: true,
  });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ID_TOKEN_ALGORITHM, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ID_TOKEN_ALGORITHM };
  await db
    .insert(schema.signingKeys)
    .values({ kid, algorithm: ID_TOKEN_ALGORITHM, privateJwk, publicJwk });
}

async function readKeys(db: Db) {
  return db
    .select()
    .from(schema.signingKeys)
    .where(isNull(schema.signingKeys.retiredAt))
    .orderBy(desc(schema.signingKeys.createdAt));
}

/** Loads the key ring, creating the first key when there is none. */
export async function loadKeyRing(db: Db): Promise<KeyRing> {
  let rows = await readKeys(db);
  if (rows.length === 0) {
    await createKey(db);
    // Two processes may both have created one; both keys are valid and the newest signs.
    rows = await readKeys(db);
  }
  const newest = rows[0];
  if (!newest) throw new Error("No signing key could be created.");
  const privateKey = (await importJWK(newest.privateJwk as JWK, ID_TOKEN_ALGORITHM)) as CryptoKey;
  return {
    current: { kid: newest.kid, privateKey },
    jwks: { keys: rows.map((row) => row.publicJwk as JWK) },
  };
}
