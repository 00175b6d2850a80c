/**
 * Who may use the admin API (issue 14): every `/v1/admin/*` route the app serves, taken from
 * `app.routes` so that a route added later is covered too, answers 401 without a token and 403
 * to a learner and to a course engineer, before it reads anything (an admin gets past the guard).
 */
import type { Database } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { grantRole } from "../../commands/grant-role.ts";
import { parseEnv } from "../../env.ts";
import { testClient } from "../../testing/api-client.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
const tokens = { learner: "", engineer: "", admin: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }) });
  tokens.learner = (await api.signUp()).token;
  const engineer = await api.signUp();
  await grantRole({ db: database.db, email: engineer.email, role: "course_engineer" });
  tokens.engineer = (await api.signIn(engineer.email)).token;
  const admin = await api.signUp();
  await grantRole({ db: database.db, email: admin.email, role: "admin" });
  tokens.admin = (await api.signIn(admin.email)).token;
});
afterAll(async () => {
  await database.close();
});

const bodyFor = (method: string) => (method === "GET" || method === "HEAD" ? undefined : {});

/** Every admin route the app serves, with its parameters filled with a well-formed id. */
function adminRoutes() {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.path.startsWith("/v1/admin/") && r.method !== "ALL")
    .map((r) => ({
      method: r.method,
      key: `${r.method} ${r.path}`,
      path: r.path.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000"),
    }))
    .filter((r) => !seen.has(r.key) && seen.add(r.key));
}

describe("the admin API is for administrators only", () => {
  it("finds the admin routes in the app", () => {
    const keys = adminRoutes().map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "GET /v1/admin/users",
        "PUT /v1/admin/users/:userId/roles",
        "GET /v1/admin/audit",
      ]),
    );
  });

  it("answers 401 without a token on every admin route", async () => {
    const answers = await Promise.all(
      adminRoutes().map(async (r) => [
        r.key,
        (await api.call(r.method, r.path, { body: bodyFor(r.method) })).status,
      ]),
    );
    expect(answers.filter(([, status]) => status !== 401)).toEqual([]);
  });

  it.each(["learner", "engineer"] as const)(
    "answers 403 to a %s on every admin route",
    async (who) => {
      const answers = await Promise.all(
        adminRoutes().map(async (r) => {
          const answer = await api.call(r.method, r.path, {
            token: tokens[who],
            body: bodyFor(r.method),
          });
          return [r.key, answer.status, answer.body.code] as const;
        }),
      );
      expect(answers.filter(([, status, code]) => status !== 403 || code !== "forbidden")).toEqual(
        [],
      );
    },
  );

  it("lets an administrator past the guard", async () => {
    const answers = await Promise.all(
      adminRoutes().map(async (r) => [
        r.key,
        (await api.call(r.method, r.path, { token: tokens.admin, body: bodyFor(r.method) })).status,
      ]),
    );
    expect(answers.filter(([, status]) => status === 401 || status === 403)).toEqual([]);
  });
});
