// @vitest-environment happy-dom
/**
 * The Sentry client's configuration (ADR 0041) as initSentry hands it to the SDK: spec section 9's
 * constants, the heartbeat included (as the idle trace's child span timeout), our own tunnel and
 * DSN, and the ignore rules. The SDK's init and integrations are replaced by recorders; what they
 * receive is what the real SDK would.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

const recorded = vi.hoisted(() => ({
  init: [] as Record<string, unknown>[],
  tracing: [] as Record<string, unknown>[],
  linked: [] as Record<string, unknown>[],
}));

vi.mock("@sentry/react", () => ({
  init: (options: Record<string, unknown>) => recorded.init.push(options),
  captureException: () => undefined,
  browserTracingIntegration: (options: Record<string, unknown>) => {
    recorded.tracing.push(options);
    return { name: "BrowserTracing" };
  },
  linkedErrorsIntegration: (options: Record<string, unknown>) => {
    recorded.linked.push(options);
    return { name: "LinkedErrors" };
  },
}));

const { initSentry } = await import("./sentry.ts");

afterEach(() => {
  recorded.init.length = 0;
  recorded.tracing.length = 0;
  recorded.linked.length = 0;
});

type Integration = { name: string };

function configure() {
  initSentry([]);
  const options = recorded.init[0] as {
    integrations: (defaults: Integration[]) => Integration[];
  } & Record<string, unknown>;
  const integrations = options.integrations([
    { name: "BrowserSession" },
    { name: "Breadcrumbs" },
    { name: "LinkedErrors" },
  ]);
  return { options, integrations };
}

describe("initSentry", () => {
  it("wires the spec's heartbeat (5 s) as three beats of the idle trace's child span timeout", () => {
    configure();
    expect(recorded.tracing).toEqual([
      { idleTimeout: 1_000, finalTimeout: 30_000, childSpanTimeout: 15_000 },
    ]);
  });

  it("uses spec section 9's other constants and our own ingest", () => {
    const { options, integrations } = configure();
    expect(options).toMatchObject({
      dsn: `http://lumen@${location.host}/1`,
      tunnel: "/v1/monitoring/envelope",
      tracesSampleRate: 0.05,
      maxBreadcrumbs: 30,
      transportOptions: { bufferSize: 30 },
      sendClientReports: false,
    });
    expect(recorded.linked).toEqual([{ limit: 5 }]);
    // Sessions are not sent (we store none); the rest of the defaults stay, and of two of one
    // name the SDK keeps the last: our linked errors with the spec's depth.
    expect(integrations.map((integration) => integration.name)).toEqual([
      "Breadcrumbs",
      "LinkedErrors",
      "LinkedErrors",
      "BrowserTracing",
    ]);
  });
});
