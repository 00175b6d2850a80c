/**
 * Experiments over HTTP against a real database (issue 14): assignment per visitor and per user,
 * the visitor id carried over at sign-up, exposures recorded once with their analytics event and
 * never for a variant that is not the caller's, and the console's list, switch, metric, results
 * and audit.
 */
import { assignVariants, bucket } from "@lumen/core";
import { type Database, eq, schema } from "@lumen/db";
import { createTestDatabase } from "@lumen/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { grantRole } from "../commands/grant-role.ts";
import { parseEnv } from "../env.ts";
import { type TestAccount, testClient } from "../testing/api-client.ts";

let database: Database;
let app: ReturnType<typeof createApp>;
let now = new Date("2026-01-01T12:00:00Z");
const api = testClient(() => app);
const env = parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", LOG_LEVEL: "silent" });
let admin: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createApp({ database, env, logger: pino({ level: "silent" }), clock: () => now });
  admin = await api.signUp();
  await grantRole({ db: database.db, email: admin.email, role: "admin" });
});
afterAll(async () => {
  await database.close();
});

const visitor = (id: string) => ({ headers: { "x-visitor-id": id } });
/** The first `prefix-N` whose bucket in `name` is `index`. */
function visitorIn(name: string, count: number, index: number, prefix: string): string {
  for (let i = 0; ; i++)
    if (bucket(`${name}:${prefix}-${i}`, count) === index) return `${prefix}-${i}`;
}
const expose = (name: string, variant: string, options: object) =>
  api.post(`/v1/experiments/${name}/exposures`, { body: { variant }, ...options });

describe("GET /v1/experiments", () => {
  it("gives an anonymous visitor the variants of their visitor id, with what runs", async () => {
    const answer = await api.get("/v1/experiments", visitor("visitor-0001"));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      variants: {
        "optional-guided-project-in-path": "variant2_no_optional_projects",
        "glossary-fixed-cta-variations": "variant_learn_daily",
        "landing-page-variant": "variant",
        "demo-ab-test": "original",
      },
      active: [
        "optional-guided-project-in-path",
        "glossary-fixed-cta-variations",
        "landing-page-variant",
      ],
    });
  });

  it("gives everyone the original before the start dates", async () => {
    now = new Date("2024-06-01T00:00:00Z");
    try {
      const answer = await api.get("/v1/experiments", visitor("visitor-0001"));
      expect(answer.body.active).toEqual([]);
      expect(Object.values(answer.body.variants as object)).toEqual([
        "original",
        "original",
        "original",
        "original",
      ]);
    } finally {
      now = new Date("2026-01-01T12:00:00Z");
    }
  });

  it("asks an anonymous caller for a visitor id, and refuses a bad one", async () => {
    expect((await api.get("/v1/experiments")).status).toBe(400);
    expect((await api.get("/v1/experiments", visitor("no"))).status).toBe(400);
    expect((await api.get("/v1/experiments", visitor("x;y=zzzzzzz"))).status).toBe(400);
  });

  it("buckets a user without a carried visitor id by their user id", async () => {
    const learner = await api.signUp();
    const answer = await api.get("/v1/experiments", { token: learner.token });
    expect(answer.body.variants).toEqual(assignVariants(learner.userId, { now, activated: [] }));
  });

  it("keeps a visitor's variants when they sign up with their visitor id", async () => {
    const id = visitorIn("landing-page-variant", 2, 1, "carry-visitor");
    const before = await api.get("/v1/experiments", visitor(id));
    const signUp = await api.post("/v1/auth/signup", {
      body: { email: `carry-${id}@example.com`, password: "secret-123", visitorId: id },
    });
    expect(signUp.status).toBe(201);
    const token = (signUp.body as { idToken: string }).idToken;
    const after = await api.get("/v1/experiments", { token });
    expect(after.body.variants).toEqual(before.body.variants);
    expect((after.body.variants as Record<string, string>)["landing-page-variant"]).toBe("variant");
    // A visitor header sent later by the same user does not move them.
    const other = await api.get("/v1/experiments", { token, ...visitor("visitor-0002") });
    expect(other.body.variants).toEqual(before.body.variants);
  });

  it("refuses a malformed visitor id at sign-up", async () => {
    const answer = await api.post("/v1/auth/signup", {
      body: { email: "bad-visitor@example.com", password: "secret-123", visitorId: "<script>" },
    });
    expect(answer.status).toBe(400);
  });
});

describe("POST /v1/experiments/:name/exposures", () => {
  const name = "glossary-fixed-cta-variations";

  it("records the first exposure once, with one experiment_exposure analytics event", async () => {
    const id = visitorIn(name, 2, 1, "exposed");
    const first = await expose(name, "variant_learn_daily", visitor(id));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ recorded: true });
    const again = await expose(name, "variant_learn_daily", visitor(id));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ recorded: false });

    const rows = await database.db
      .select()
      .from(schema.experimentExposures)
      .where(eq(schema.experimentExposures.subjectId, id));
    expect(rows.map((r) => [r.experiment, r.variant])).toEqual([[name, "variant_learn_daily"]]);
    const events = await database.db
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.anonymousId, id));
    expect(events.map((e) => [e.name, e.properties])).toEqual([
      ["experiment_exposure", { experiment: name, variant: "variant_learn_daily" }],
    ]);
    // And counted in the analytics console's daily rollup of events per name.
    const daily = await database.db
      .select()
      .from(schema.analyticsDailyEvents)
      .where(eq(schema.analyticsDailyEvents.name, "experiment_exposure"));
    expect(daily.reduce((n, row) => n + row.events, 0)).toBeGreaterThanOrEqual(1);
  });

  it("refuses a variant that is not the caller's, and records nothing", async () => {
    const id = visitorIn(name, 2, 0, "forger");
    const forged = await expose(name, "variant_learn_daily", visitor(id));
    expect(forged.status).toBe(409);
    expect(forged.body.code).toBe("conflict");
    const rows = await database.db
      .select()
      .from(schema.experimentExposures)
      .where(eq(schema.experimentExposures.subjectId, id));
    expect(rows).toEqual([]);
  });

  it("answers 404 for an unknown experiment and 409 for one that is not running", async () => {
    expect((await expose("no-such-test", "original", visitor("visitor-0001"))).status).toBe(404);
    const demo = await expose("demo-ab-test", "original", visitor("visitor-0001"));
    expect(demo.status).toBe(409);
  });

  it("records a signed-in user's exposure under their user id", async () => {
    const learner = await api.signUp();
    const variants = (await api.get("/v1/experiments", { token: learner.token })).body
      .variants as Record<string, string>;
    const answer = await expose(name, variants[name] ?? "", { token: learner.token });
    expect(answer.status).toBe(201);
    const [row] = await database.db
      .select()
      .from(schema.experimentExposures)
      .where(eq(schema.experimentExposures.subjectId, learner.userId));
    expect(row?.userId).toBe(learner.userId);
  });
});

describe("the console: GET and PUT /v1/admin/experiments", () => {
  it("is for admins only", async () => {
    const learner = await api.signUp();
    expect((await api.get("/v1/admin/experiments")).status).toBe(401);
    expect((await api.get("/v1/admin/experiments", { token: learner.token })).status).toBe(403);
    const put = await api.put("/v1/admin/experiments/demo-ab-test", {
      token: learner.token,
      body: { active: true },
    });
    expect(put.status).toBe(403);
  });

  it("switches demo-ab-test on and off, audited, and only manual ones", async () => {
    const on = await api.put("/v1/admin/experiments/demo-ab-test", {
      token: admin.token,
      body: { active: true },
    });
    expect(on.status).toBe(204);
    const visitorAnswer = await api.get("/v1/experiments", visitor("visitor-0001"));
    expect(visitorAnswer.body.active).toContain("demo-ab-test");
    expect((visitorAnswer.body.variants as Record<string, string>)["demo-ab-test"]).toBe("variant");

    const dated = await api.put("/v1/admin/experiments/landing-page-variant", {
      token: admin.token,
      body: { active: false },
    });
    expect(dated.status).toBe(400);
    const unknown = await api.put("/v1/admin/experiments/nope", {
      token: admin.token,
      body: { active: true },
    });
    expect(unknown.status).toBe(404);
    const badMetric = await api.put("/v1/admin/experiments/demo-ab-test", {
      token: admin.token,
      body: { metricEvent: "not_an_event" },
    });
    expect(badMetric.status).toBe(400);
    expect(
      (await api.put("/v1/admin/experiments/demo-ab-test", { token: admin.token, body: {} }))
        .status,
    ).toBe(400);

    const audit = await database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "experiment.update"));
    expect(audit.map((a) => [a.actorId, a.detail])).toEqual([
      [
        admin.userId,
        {
          experiment: "demo-ab-test",
          before: { active: false, metricEvent: null },
          after: { active: true, metricEvent: null },
        },
      ],
    ]);
  });

  it("shows exposures and conversions to the chosen metric per variant, with intervals", async () => {
    const name = "landing-page-variant";
    const put = await api.put(`/v1/admin/experiments/${name}`, {
      token: admin.token,
      body: { metricEvent: "signup" },
    });
    expect(put.status).toBe(204);
    // Three visitors see the original and two the variant; one of each converts afterwards, and
    // an event before the exposure does not count.
    const originals = [0, 1, 2].map((i) => visitorIn(name, 2, 0, `landing-o${i}`));
    const variants = [0, 1].map((i) => visitorIn(name, 2, 1, `landing-v${i}`));
    const at = (iso: string, anonymousId: string) => ({
      name: "signup" as const,
      properties: {},
      anonymousId,
      at: iso,
    });
    await api.post("/v1/events", {
      body: { events: [at("2025-12-31T00:00:00Z", variants[1] ?? "")] },
    });
    for (const id of originals)
      expect((await expose(name, "original", visitor(id))).status).toBe(201);
    for (const id of variants)
      expect((await expose(name, "variant", visitor(id))).status).toBe(201);
    await api.post("/v1/events", {
      body: {
        events: [
          at("2026-01-01T13:00:00Z", originals[0] ?? ""),
          at("2026-01-01T13:00:00Z", variants[0] ?? ""),
        ],
      },
    });

    const list = await api.get("/v1/admin/experiments", { token: admin.token });
    expect(list.status).toBe(200);
    const body = list.body as {
      experiments: Array<{
        name: string;
        metricEvent: string;
        active: boolean;
        results: unknown[];
      }>;
      metricEvents: string[];
    };
    expect(body.metricEvents).toContain("finish_lesson");
    const landing = body.experiments.find((e) => e.name === name);
    expect(landing?.metricEvent).toBe("signup");
    expect(landing?.active).toBe(true);
    expect(landing?.results).toEqual([
      {
        variant: "original",
        exposed: 3,
        conversions: 1,
        rate: 1 / 3,
        interval: { low: expect.closeTo(0.0615, 4), high: expect.closeTo(0.7923, 4) },
      },
      {
        variant: "variant",
        exposed: 2,
        conversions: 1,
        rate: 0.5,
        interval: { low: expect.closeTo(0.0945, 4), high: expect.closeTo(0.9055, 4) },
      },
    ]);
    const demo = body.experiments.find((e) => e.name === "demo-ab-test");
    expect(demo).toMatchObject({ activation: "manual", manuallyActivated: true, active: true });
  });
});
