/**
 * Profile photos (issue 13) in-process against a real database: only PNG, JPEG and WebP by their
 * first bytes, at most 1 MB, only for a confirmed address; served as the type the bytes proved,
 * with nosniff and a policy that runs nothing; replaced and removed photos stop answering.
 */
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { parseEnv } from "../env.ts";
import { testClient } from "../testing/api-client.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }) });
});
afterAll(async () => {
  await database.close();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = new Uint8Array([...Buffer.from("RIFF"), 8, 0, 0, 0, ...Buffer.from("WEBPVP8 ")]);
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

async function verifiedLearner() {
  const account = await api.signUp();
  await database.db
    .update(schema.users)
    .set({ emailVerified: true })
    .where(eq(schema.users.id, account.userId));
  return account;
}

/** PUT /v1/me/photo with raw bytes, as the profile page sends a file. */
const upload = (token: string, bytes: Uint8Array<ArrayBuffer>, type = "image/png") =>
  app.request("/v1/me/photo", {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": type },
    body: bytes,
  });

describe("PUT /v1/me/photo", () => {
  it("stores a PNG, JPEG or WebP and serves it as the type its bytes prove", async () => {
    const { token } = await verifiedLearner();
    for (const [bytes, type] of [
      [PNG, "image/png"],
      [JPEG, "image/jpeg"],
      // A WebP sent as "image/png": the bytes decide.
      [WEBP, "image/webp"],
    ] as const) {
      const res = await upload(token, bytes, "image/png");
      expect(res.status).toBe(200);
      const user = (await res.json()) as { photoURL: string };
      expect(user.photoURL).toMatch(/^\/v1\/photos\/[0-9a-f-]{36}$/);
      const photo = await app.request(user.photoURL);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe(type);
      expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
      expect(photo.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(photo.headers.get("content-security-policy")).toContain("sandbox");
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(bytes);
    }
    expect((await api.get("/v1/me", { token })).body.photoURL).toMatch(/^\/v1\/photos\//);
  });

  it("refuses an SVG, HTML or any other bytes with 415, an empty body with 400, over 1 MB with 413", async () => {
    const { token } = await verifiedLearner();
    const svg = await upload(token, SVG, "image/png");
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { message: string }).message).toBe(
      "A photo must be a PNG, JPEG or WebP image. This file is none of them.",
    );
    expect((await upload(token, new TextEncoder().encode("<html>"), "text/html")).status).toBe(415);
    expect((await upload(token, new Uint8Array(0))).status).toBe(400);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(token, big)).status).toBe(413);
    const justRight = new Uint8Array(1024 * 1024);
    justRight.set(PNG);
    expect((await upload(token, justRight)).status).toBe(200);
  });

  it("needs a confirmed address: 403 email_not_verified, and nothing stored", async () => {
    const { token, userId } = await api.signUp();
    const res = await upload(token, PNG);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("email_not_verified");
    const rows = await database.db
      .select()
      .from(schema.userPhotos)
      .where(eq(schema.userPhotos.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it("needs a signed-in user", async () => {
    const res = await app.request("/v1/me/photo", { method: "PUT", body: PNG });
    expect(res.status).toBe(401);
  });
});

describe("replacing and removing a photo", () => {
  it("a new photo gets a new address and the old one answers 404; removing ends both", async () => {
    const { token } = await verifiedLearner();
    const first = ((await (await upload(token, PNG)).json()) as { photoURL: string }).photoURL;
    const second = ((await (await upload(token, JPEG)).json()) as { photoURL: string }).photoURL;
    expect(second).not.toBe(first);
    expect((await app.request(first)).status).toBe(404);
    expect((await app.request(second)).status).toBe(200);

    const removed = await api.call("DELETE", "/v1/me/photo", { token });
    expect(removed.status).toBe(200);
    expect(removed.body.photoURL).toBeNull();
    expect((await app.request(second)).status).toBe(404);
  });

  it.each(["not-a-uuid", "..%2F..%2Fetc%2Fpasswd", "%00", "00000000-0000-0000-0000-000000000000"])(
    "GET /v1/photos/%s answers 404",
    async (id) => {
      const res = await app.request(`/v1/photos/${id}`);
      expect(res.status).toBe(404);
    },
  );
});
