/**
 * The ID token (issue 3): a one-hour ES256 JWT naming the user, their verified email, display
 * name, photo and roles. Impersonation tokens are ID tokens with an `imp` claim, accepted only
 * where ALLOW_IMPERSONATION is on.
 */
import { createLocalJWKSet, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { ID_TOKEN_ALGORITHM, type KeyRing } from "./signing-keys.ts";

export const ID_TOKEN_ISSUER = "urn:lumen:identity";
export const ID_TOKEN_AUDIENCE = "lumen";
export const ID_TOKEN_TTL_SECONDS = 60 * 60;
export const IMPERSONATION_TTL_SECONDS = 8 * 60 * 60;

export interface TokenUser {
  id: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
  roles: string[];
  sessionVersion: number;
}

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
  roles: string[];
  /** The account's session version when issued; a raised version ends the token early. */
  sv: number;
  /** Set on impersonation tokens: who minted it. */
  imp?: string;
}

export async function signIdToken(
  keys: KeyRing,
  user: TokenUser,
  options: { impersonatedBy?: string; ttlSeconds?: number } = {},
): Promise<string> {
  const claims: Omit<IdTokenClaims, "sub"> = {
    email: user.email,
    email_verified: user.emailVerified,
    roles: user.roles,
    sv: user.sessionVersion,
    ...(user.displayName ? { name: user.displayName } : {}),
    ...(user.photoUrl ? { picture: user.photoUrl } : {}),
    ...(options.impersonatedBy ? { imp: options.impersonatedBy } : {}),
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ID_TOKEN_ALGORITHM, kid: keys.current.kid, typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ID_TOKEN_ISSUER)
    .setAudience(ID_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${options.ttlSeconds ?? ID_TOKEN_TTL_SECONDS}s`)
    .sign(keys.current.privateKey);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token's claims, or null when it is malformed, expired or not signed by our keys. */
export async function verifyIdToken(keys: KeyRing, token: string): Promise<IdTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.jwks), {
      issuer: ID_TOKEN_ISSUER,
      audience: ID_TOKEN_AUDIENCE,
      algorithms: [ID_TOKEN_ALGORITHM],
      // Every token we mint expires; one without `exp` was not minted by this server's code.
      requiredClaims: ["exp", "sub", "iat"],
    });
    // The subject is a user id: anything else would reach the database as a bad UUID (a 500).
    if (typeof payload.sub !== "string" || !UUID.test(payload.sub)) return null;
    if (typeof payload.sv !== "number") return null;
    return payload as IdTokenClaims;
  } catch {
    return null;
  }
}
