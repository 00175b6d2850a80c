/**
 * Firebase ID tokens checked as Google documents (issue 19): tokens signed here with a key whose
 * JWKS the verifier is pointed at, standing in for Google's published keys.
 */
import { createRemoteJWKSet, generateKeyPair, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FirebaseAuthStandIn,
  startFirebaseAuthStandIn,
} from "../../testing/firebase-auth-stand-in.ts";
import { createFirebaseTokenVerifier, type FirebaseTokenVerifier } from "./firebase-id-token.ts";

let standIn: FirebaseAuthStandIn;
let verifier: FirebaseTokenVerifier;
let emulatorVerifier: FirebaseTokenVerifier;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  standIn = await startFirebaseAuthStandIn();
  const keys = createRemoteJWKSet(new URL(standIn.jwksUrl));
  verifier = createFirebaseTokenVerifier({ projectId: "demo-lumen", keys });
  emulatorVerifier = createFirebaseTokenVerifier({ projectId: "demo-lumen", emulator: true, keys });
});
afterAll(() => standIn.close());

const unsigned = (claims: Record<string, unknown>) =>
  new UnsecuredJWT({
    iss: "https://securetoken.google.com/demo-lumen",
    aud: "demo-lumen",
    iat: now(),
    exp: now() + 3600,
    auth_time: now(),
    sub: "uid-1",
    ...claims,
  }).encode();

describe("a Firebase ID token", () => {
  it("passes when Google's key signed it for this project: its uid, address and word on it", async () => {
    const token = await standIn.signToken({
      sub: "uid-ada",
      email: "ada@example.com",
      email_verified: true,
    });
    expect(await verifier.verify(token)).toEqual({
      uid: "uid-ada",
      email: "ada@example.com",
      emailVerified: true,
      authTime: expect.any(Number),
    });
  });

  it("fails for another project's issuer or audience", async () => {
    expect(
      await verifier.verify(
        await standIn.signToken({
          sub: "u",
          iss: "https://securetoken.google.com/other-project",
        }),
      ),
    ).toBeNull();
    expect(
      await verifier.verify(await standIn.signToken({ sub: "u", aud: "other-project" })),
    ).toBeNull();
  });

  it("fails once expired, or issued or signed in later than now", async () => {
    expect(
      await verifier.verify(
        await standIn.signToken({ sub: "u", iat: now() - 7200, exp: now() - 3600 }),
      ),
    ).toBeNull();
    expect(
      await verifier.verify(await standIn.signToken({ sub: "u", iat: now() + 600 })),
    ).toBeNull();
    expect(
      await verifier.verify(await standIn.signToken({ sub: "u", auth_time: now() + 600 })),
    ).toBeNull();
    expect(
      await verifier.verify(await standIn.signToken({ sub: "u", auth_time: "yesterday" })),
    ).toBeNull();
  });

  it("fails with an empty subject or one over 128 characters", async () => {
    expect(await verifier.verify(await standIn.signToken({ sub: "" }))).toBeNull();
    expect(await verifier.verify(await standIn.signToken({ sub: "u".repeat(129) }))).toBeNull();
    expect(await verifier.verify(await standIn.signToken({ sub: "u".repeat(128) }))).not.toBeNull();
  });

  it("fails when signed by a key Google did not publish, or not with RS256", async () => {
    const other = await generateKeyPair("RS256");
    const forged = await new SignJWT({ sub: "u", auth_time: now() })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .setIssuer("https://securetoken.google.com/demo-lumen")
      .setAudience("demo-lumen")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(other.privateKey);
    expect(await verifier.verify(forged)).toBeNull();
    const hmac = await new SignJWT({ sub: "u", auth_time: now() })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("https://securetoken.google.com/demo-lumen")
      .setAudience("demo-lumen")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a".repeat(32)));
    expect(await verifier.verify(hmac)).toBeNull();
    const token = await standIn.signToken({ sub: "u" });
    const [header, payload] = token.split(".");
    const tampered = `${header}.${Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()),
        sub: "admin",
      }),
    ).toString("base64url")}.${token.split(".")[2]}`;
    expect(await verifier.verify(tampered)).toBeNull();
    expect(await verifier.verify("not a token")).toBeNull();
  });
});

describe("the Auth emulator's unsigned tokens", () => {
  it("are refused unless the verifier is made for the emulator", async () => {
    expect(await verifier.verify(unsigned({}))).toBeNull();
    expect(await emulatorVerifier.verify(unsigned({ email: "a@example.com" }))).toMatchObject({
      uid: "uid-1",
      email: "a@example.com",
      emailVerified: false,
    });
  });

  it("are still checked for issuer, audience, expiry and subject in emulator mode", async () => {
    expect(await emulatorVerifier.verify(unsigned({ aud: "other" }))).toBeNull();
    expect(
      await emulatorVerifier.verify(unsigned({ iss: "https://securetoken.google.com/other" })),
    ).toBeNull();
    expect(await emulatorVerifier.verify(unsigned({ exp: now() - 3600 }))).toBeNull();
    expect(await emulatorVerifier.verify(unsigned({ sub: "" }))).toBeNull();
  });
});
