/**
 * The HTTP application: cross-cutting middleware, the /v1 API, /healthz and the web app.
 * Routes stay thin: parse, call one command, present.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { methodNotAllowed } from "hono/method-not-allowed";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { createAiService } from "./ai/ai-service.ts";
import { devMailboxRoutes } from "./auth/dev-mailbox.ts";
import { jwksRoutes } from "./auth/jwks-route.ts";
import { authenticate } from "./auth/middleware.ts";
import { createAuthServices } from "./auth/services.ts";
import { sessionRoutes } from "./auth/session-routes.ts";
import { createBillingService } from "./billing/billing-service.ts";
import { CatalogStore } from "./catalog/catalog-store.ts";
import { createCheckService } from "./checks/check-service.ts";
import { failInterruptedTurns } from "./commands/builder/fail-interrupted-turns.ts";
import { PreviewRunners } from "./commands/preview-runners.ts";
import type { AppDeps, AppEnv } from "./context.ts";
import { AppError, errors } from "./errors.ts";
import { type AnalyticsOrigins, analyticsOrigins } from "./http/analytics-csp.ts";
import { handleError } from "./http/error-handler.ts";
import { noStoreByDefault } from "./http/no-store.ts";
import { runtimeCspFor } from "./http/runtime-csp.ts";
import { webAppRoutes } from "./http/web-app.ts";
import { loadWebPage } from "./http/web-page.ts";
import { devRemindersRoutes } from "./live-events/dev-reminders-route.ts";
import { createReminderService } from "./live-events/reminder-service.ts";
import { createMachineService } from "./machines/machine-service.ts";
import { createFlagService } from "./operations/flags/flag-service.ts";
import { publicPagesRoutes } from "./public-pages/public-pages.ts";
import { accountRoutes } from "./routes/account.ts";
import { adminRoutes } from "./routes/admin/index.ts";
import { aiRoutes } from "./routes/ai.ts";
import { authRoutes } from "./routes/auth.ts";
import { billingRoutes } from "./routes/billing.ts";
import { billingLocalRoutes } from "./routes/billing-local.ts";
import { builderRoutes } from "./routes/builder.ts";
import { catalogRoutes } from "./routes/catalog.ts";
import { communityRoutes } from "./routes/community.ts";
import { emailPreferencesRoutes } from "./routes/email-preferences.ts";
import { eventsRoutes } from "./routes/events.ts";
import { experimentsRoutes } from "./routes/experiments.ts";
import { flagsRoutes } from "./routes/flags.ts";
import { healthRoutes } from "./routes/health.ts";
import { libraryRoutes } from "./routes/library.ts";
import { liveEventsRoutes } from "./routes/live-events.ts";
import { meRoutes } from "./routes/me.ts";
import { monitoringRoutes } from "./routes/monitoring.ts";
import { oidcRoutes } from "./routes/oidc.ts";
import { onboardingRoutes } from "./routes/onboarding.ts";
import { photoRoutes } from "./routes/photos.ts";
import { plansRoutes } from "./routes/plans.ts";
import { previewRoutes } from "./routes/preview.ts";
import { progressRoutes } from "./routes/progress.ts";
import { projectsRoutes } from "./routes/projects.ts";
import { reportsRoutes } from "./routes/reports.ts";
import { savedFilesRoutes } from "./routes/saved-files.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { sharesRoutes } from "./routes/shares.ts";
import { visitsRoutes } from "./routes/visits.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Our own origin only, plus what the runtimes need: WebAssembly compilation and blob workers, and
 * the hashes of the page's own inline scripts (the theme script, see http/web-app.ts).
 */
export const contentSecurityPolicy = (
  inlineScriptHashes: string[] = [],
  // Configured third-party analytics only (issue 14, http/analytics-csp.ts); none by default.
  analytics: AnalyticsOrigins = { script: [], img: [], connect: [] },
) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes, ...analytics.script],
  // The editor and the accessible primitives set inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:", ...analytics.img],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", ...analytics.connect],
  workerSrc: ["'self'", "blob:"],
  frameSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
});

function buildApi() {
  const api = new Hono<AppEnv>();
  // First, so that it sees the 404 of a path that exists for another method.
  api.use(
    methodNotAllowed({
      app: api,
      onMethodNotAllowed: (c, allowed) => {
        c.header("Allow", allowed.join(", "));
        return handleError(errors.methodNotAllowed(c.req.method, allowed), c);
      },
    }),
  );
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw errors.payloadTooLarge("1 MB");
      },
    }),
  );
  api.use(authenticate());
  api.route("/", authRoutes);
  api.route("/", oidcRoutes);
  api.route("/", meRoutes);
  api.route("/", accountRoutes);
  api.route("/", settingsRoutes);
  api.route("/", photoRoutes);
  api.route("/", visitsRoutes);
  api.route("/", eventsRoutes);
  api.route("/", catalogRoutes);
  api.route("/", progressRoutes);
  api.route("/", savedFilesRoutes);
  api.route("/", previewRoutes);
  api.route("/", adminRoutes);
  api.route("/", flagsRoutes);
  api.route("/", monitoringRoutes);
  api.route("/", experimentsRoutes);
  api.route("/", onboardingRoutes);
  api.route("/", aiRoutes);
  api.route("/", plansRoutes);
  api.route("/", billingRoutes);
  api.route("/", billingLocalRoutes);
  api.route("/", projectsRoutes);
  api.route("/", sharesRoutes);
  api.route("/", communityRoutes);
  api.route("/", liveEventsRoutes);
  api.route("/", libraryRoutes);
  api.route("/", reportsRoutes);
  api.route("/", emailPreferencesRoutes);
  api.route("/", builderRoutes);
  // A 404 answer (not a throw), so that the method check above can turn it into a 405.
  api.all("*", (c) => handleError(errors.notFound("This API route"), c));
  return api;
}

type MadeDeps =
  | "auth"
  | "catalog"
  | "checks"
  | "preview"
  | "clock"
  | "flags"
  | "billing"
  | "ai"
  | "machines"
  | "builderTurns";
export type AppOptions = Omit<AppDeps, MadeDeps> & Partial<Pick<AppDeps, MadeDeps>>;

/**
 * Releases what the app opened besides the database: auth's mail transport and Redis, and both
 * sandbox pools. Learners' checks and the engineers' preview keep separate pools, so that clearing
 * the preview cache never slows down or interrupts a learner's check.
 */
async function dispose(deps: AppDeps): Promise<void> {
  await Promise.all([
    deps.auth.close(),
    deps.preview.reset(),
    deps.checks.dispose(),
    deps.flags.close(),
    deps.billing.close(),
    // Replies still streaming finish and are stored (or stopped) before the database closes.
    deps.ai.idle(),
    Promise.allSettled([...deps.builderTurns]).then(() => deps.machines.close()),
  ]);
}

/** The app, and `dispose()` for what it opened; every dependency is in AppDeps, made here. */
export function createApp(options: AppOptions) {
  const deps: AppDeps = {
    ...options,
    auth: options.auth ?? createAuthServices(options),
    catalog: options.catalog ?? new CatalogStore(options.database.db),
    checks: options.checks ?? createCheckService({ env: options.env, logger: options.logger }),
    preview: options.preview ?? new PreviewRunners(),
    clock: options.clock ?? (() => new Date()),
    flags:
      options.flags ??
      createFlagService({
        db: options.database.db,
        env: options.env,
        logger: options.logger,
        clock: options.clock ?? (() => new Date()),
      }),
    ai: options.ai ?? createAiService(options.env),
    machines:
      options.machines ?? createMachineService({ env: options.env, logger: options.logger }),
    builderTurns: options.builderTurns ?? new Set(),
    billing:
      options.billing ??
      createBillingService({
        database: options.database,
        env: options.env,
        logger: options.logger,
        clock: options.clock ?? (() => new Date()),
      }),
  };
  // Live events' reminder mails (issue 17): a minute timer, started with the other background work.
  const reminders = createReminderService({
    db: deps.database.db,
    mailer: () => deps.auth.mailer,
    env: deps.env,
    logger: deps.logger,
    clock: deps.clock,
  });
  const app = new Hono<AppEnv>();
  const webPage = deps.webDistDir ? loadWebPage(deps.webDistDir, deps.env) : undefined;
  const inlineScriptHashes = webPage?.scriptHashes ?? [];

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    const log = deps.logger.child({ requestId: c.get("requestId") });
    c.set("deps", deps);
    c.set("log", log);
    await next();
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  // Registered before secureHeaders so that it runs after it on the way out and has the last word.
  app.use(async (c, next) => {
    await next();
    const policy = runtimeCspFor(c.req.path);
    if (policy) c.res.headers.set("Content-Security-Policy", policy);
    else {
      // The builder's preview frames its app at the app's own origin (issue 18): only there.
      const csp = c.res.headers.get("Content-Security-Policy");
      if (csp?.includes("frame-src 'self' blob:")) {
        c.res.headers.set(
          "Content-Security-Policy",
          csp.replace(
            "frame-src 'self' blob:",
            `frame-src 'self' blob: ${deps.machines.originOf("*")}`,
          ),
        );
      }
    }
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(inlineScriptHashes, analyticsOrigins(deps.env)),
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: "same-origin",
    }),
  );
  app.use(compress());
  app.onError(handleError);

  app.use("/v1/*", noStoreByDefault);
  app.use("/api/*", noStoreByDefault);
  app.route("/", healthRoutes);
  app.route("/v1", buildApi());
  app.route("/", sessionRoutes);
  app.route("/", jwksRoutes);
  if (deps.env.NODE_ENV !== "production") {
    app.route("/", devMailboxRoutes);
    app.route("/", devRemindersRoutes(reminders));
  }
  app.route("/", publicPagesRoutes(webPage));
  if (deps.webDistDir && webPage) {
    app.route("/", webAppRoutes(deps.webDistDir, webPage));
  }
  app.notFound((c) => handleError(errors.notFound(), c));
  // The builder's machines (issue 18): turns a restart cut short are failed, instances start
  // again, and preview machines unused for MACHINE_IDLE_MINUTES stop, checked every minute.
  let idleTimer: NodeJS.Timeout | undefined;
  const startMachineWork = () => {
    const db = deps.database.db;
    void failInterruptedTurns(db, deps.clock())
      .then(() => deps.machines.resume(db))
      .catch((error: unknown) => deps.logger.warn({ err: error }, "machines did not resume"));
    idleTimer = setInterval(() => {
      void deps.machines
        .stopIdle(db, deps.clock())
        .catch((error: unknown) => deps.logger.warn({ err: error }, "idle machines check failed"));
    }, 60_000);
    idleTimer.unref();
  };
  return Object.assign(app, {
    dispose: async () => {
      if (idleTimer) clearInterval(idleTimer);
      await reminders.close();
      await dispose(deps);
    },
    // The server's background work (billing events a crash left, and the timers); tests drain.
    startBackgroundWork: () => {
      deps.billing.start();
      reminders.start();
      startMachineWork();
    },
    deps,
    /** Live events' reminders (issue 17): tests run them once with the clock they set. */
    reminders,
  });
}

export { AppError };
