/**
 * Checks Firebase Authentication's ID tokens (issue 19) as Google documents it: RS256, signed by
 * one of the keys Google publishes for securetoken@system.gserviceaccount.com, issuer
 * `https://securetoken.google.com/{projectId}`, audience the project id, a non-empty subject of at
 * most 128 characters, unexpired, issued and signed in no later than now. `jose` does the work.
 *
 * The Auth emulator signs nothing (`alg: none`). Its tokens pass only when the verifier is made
 * for the emulator (FIREBASE_AUTH_EMULATOR_HOST set, which production refuses), and then the
 * same claims are checked.
 */
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  UnsecuredJWT,
} from "jose";

/** Google's public keys for Firebase ID tokens, as a JSON Web Key Set. */
export const FIREBASE_JWKS_URL =
  "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

export const firebaseIssuer = (projectId: string) => `https://securetoken.google.com/${projectId}`;

/** What the product reads from a Firebase ID token. */
export interface FirebaseClaims {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the person last proved who they are (seconds). */
  authTime: number;
}

export interface FirebaseTokenVerifierOptions {
  projectId: string;
  /** Accept the emulator's unsigned tokens (and no others). Only with an emulator host. */
  emulator?: boolean;
  /** The keys to check signatures with; Google's published set by default. */
  keys?: JWTVerifyGetKey;
}

export interface FirebaseTokenVerifier {
  /** The claims of a good token; null for any token that fails a check. */
  verify(token: string): Promise<FirebaseClaims | null>;
}

/** Seconds of clock difference allowed between Google and this server. */
const CLOCK_TOLERANCE = 60;

function claimsOf(payload: JWTPayload, now: number): FirebaseClaims | null {
  const uid = payload.sub;
  if (typeof uid !== "string" || uid.length === 0 || uid.length > 128) return null;
  const authTime = payload.auth_time;
  if (typeof authTime !== "number" || authTime > now + CLOCK_TOLERANCE) return null;
  if (typeof payload.iat !== "number" || payload.iat > now + CLOCK_TOLERANCE) return null;
  return {
    uid,
    email: typeof payload.email === "string" ? payload.email : null,
    emailVerified: payload.email_verified === true,
    authTime,
  };
}

export function createFirebaseTokenVerifier(
  options: FirebaseTokenVerifierOptions,
): FirebaseTokenVerifier {
  const issuer = firebaseIssuer(options.projectId);
  const audience = options.projectId;
  const keys = options.keys ?? createRemoteJWKSet(new URL(FIREBASE_JWKS_URL));
  return {
    async verify(token) {
      const now = Math.floor(Date.now() / 1000);
      try {
        const header = decodeProtectedHeader(token);
        if (header.alg === "none") {
          if (!options.emulator) return null;
          const { payload } = UnsecuredJWT.decode(token, {
            issuer,
            audience,
            clockTolerance: CLOCK_TOLERANCE,
            requiredClaims: ["exp", "iat", "sub"],
          });
          return claimsOf(payload, now);
        }
        const { payload } = await jwtVerify(token, keys, {
          algorithms: ["RS256"],
          issuer,
          audience,
          clockTolerance: CLOCK_TOLERANCE,
          requiredClaims: ["exp", "iat", "sub"],
        });
        return claimsOf(payload, now);
      } catch {
        return null;
      }
    },
  };
}

/** Google's published key set (the IdentityProvider's verificationKeys), or none in emulator mode. */
export async function fetchFirebaseJwks(
  fetchImpl: typeof fetch = fetch,
  url = FIREBASE_JWKS_URL,
): Promise<JSONWebKeySet> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Google's keys answered HTTP ${response.status}`);
  return (await response.json()) as JSONWebKeySet;
}
