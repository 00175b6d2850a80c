/**
 * The server's settings: one zod schema parsed at boot. Every setting has a safe default for
 * `npm start` on a laptop; a bad value stops the server with one line naming the variable.
 * `publicConfig` is the explicit list of what the browser may see.
 */
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { authConfigProblems, sessionProviderClientOptions } from "./auth/auth-options.ts";
import { oidcProvidersSetting, publicOidcProviders } from "./auth/oidc/oidc-settings.ts";
import { parsePlanPrices } from "./billing/plan-prices.ts";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const commaList = z.string().transform((v) =>
  v
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .url()
    .refine((u) => /^postgres(ql)?:\/\//.test(u), "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  CONTENT_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL("../../../content", import.meta.url))),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PRODUCT_NAME: z.string().min(1).max(40).default("Lumen"),
  SUPPORT_EMAIL: z.email().default("support@lumen.localhost"),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SEED_DEMO: booleanFlag.optional(),
  // Identity and sessions (issue 3).
  PUBLIC_URL: z.url().optional(),
  COOKIE_KEYS: commaList
    .pipe(z.array(z.string().min(32, "each key must be at least 32 characters")).min(1))
    .optional(),
  ALLOWED_REDIRECT_HOSTS: commaList
    .pipe(
      z.array(
        z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, "each entry must be host or host:port"),
      ),
    )
    .default([]),
  REDIS_URL: z
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), "must start with redis:// or rediss://")
    .optional(),
  SMTP_URL: z
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Lumen <no-reply@lumen.localhost>"),
  IMPERSONATION_TOKEN: z.string().min(20).optional(),
  ALLOW_IMPERSONATION: booleanFlag.default(false),
  // Hosted sign-in (issue 19, ADR 0060): "Continue with …" providers, a JSON array of
  // {id, issuer, clientId, clientSecret, scopes?, name?}; see auth/oidc/oidc-settings.ts and the
  // README. Unset: the built-in provider only.
  OIDC_PROVIDERS: oidcProvidersSetting.optional(),
  // Who issues sessions (issue 19, ADR 0059): the built-in provider, or Firebase Authentication
  // (its project id and web API key; the Auth emulator's host:port, no http prefix, outside
  // production). Checked with spec section 5's rules by auth/auth-options.ts.
  AUTH_PROVIDER: z.enum(["built-in", "firebase"]).default("built-in"),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z][a-z0-9-]{3,39}$/, "must be a Firebase project id (lower case, digits, dashes)")
    .optional(),
  FIREBASE_API_KEY: z.string().min(1).max(200).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).max(300).optional(),
  // Code checks in the sandbox (issue 11, ADR 0018).
  RUNNER_SANDBOX: z.enum(["auto", "required"]).default("auto"),
  RUNNER_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  CHECK_QUEUE_URL: z
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), "must start with redis:// or rediss:// (BullMQ)")
    .optional(),
  CHECK_WORKER: booleanFlag.default(true),
  // Third-party analytics (issue 14, ADR 0042): each empty by default, loaded only after consent.
  TAG_MANAGER_URL: z.url({ protocol: /^https?$/ }).optional(),
  AD_PIXEL_URL: z.url({ protocol: /^https?$/ }).optional(),
  ANALYTICS_SERVICE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Dev and e2e only: a few weeks of demo analytics at start (commands/seed-demo-analytics.ts).
  SEED_DEMO_ANALYTICS: booleanFlag.default(false),
  // Pauses every experiment (spec section 9's dated ones included): everyone sees "original".
  EXPERIMENTS_PAUSED: booleanFlag.default(false),
  // Feature flags (issue 14, ADR 0039): the OpenFeature provider that answers them, how long a
  // server trusts its read of the rules, and how often browsers ask again.
  FLAGS_PROVIDER: z.enum(["lumen"]).default("lumen"),
  FLAGS_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  FLAGS_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Error reporting (issue 14, ADR 0041): our own ingest always; a hosted Sentry as well when set.
  SENTRY_DSN: z
    .url()
    .refine(
      (u) => /^https?:\/\/[\w-]+(:[\w-]*)?@[^/]+(\/.*)?\/\w+\/?$/.test(u),
      "must be a Sentry DSN",
    )
    .optional(),
  /** The release server errors are reported with (the web build stamps its own). */
  RELEASE: z.string().min(1).max(100).optional(),
  /** Where the web build's source maps are (default: beside WEB_DIST_DIR, `<dist>-sourcemaps`). */
  SOURCE_MAPS_DIR: z.string().min(1).optional(),
  // Subscriptions (issue 15): who takes payment. "local" needs no network (its own checkout page
  // with test cards); "stripe" needs the secret key and the webhook signing secret.
  BILLING_PROVIDER: z.enum(["local", "stripe"]).default("local"),
  BILLING_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, "must be a three-letter ISO currency code in lower case")
    .default("usd"),
  /** Prices in cents per tier and interval, JSON: {"tier-0":{"month":999,"year":9990},…}. */
  PLAN_PRICES: z
    .string()
    .max(4000)
    .superRefine((json, ctx) => {
      // Checked at boot, so that a bad price stops the start rather than a learner's checkout.
      try {
        parsePlanPrices(json);
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: (error as Error).message.replace(/^Invalid setting PLAN_PRICES: /, ""),
        });
      }
    })
    .optional(),
  /** Days a past_due subscription keeps its access (the learner sees a banner meanwhile). */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** Days of free trial on a learner's first subscription (0: none). */
  BILLING_TRIAL_DAYS: z.coerce.number().int().min(0).max(90).default(0),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another Stripe API address (an emulator in tests); the SDK's own default otherwise. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** The signing secret of the local provider's webhooks (generated per data folder if unset). */
  LOCAL_BILLING_WEBHOOK_SECRET: z.string().min(16).optional(),
  // {product} AI (issue 16): any OpenAI-compatible endpoint (OpenAI, a hosted provider, Ollama,
  // vLLM). Unset: the AI features say they are not set up here, and nothing else changes.
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  /** A whole reply's time limit, and retries with backoff on 429 and 5xx. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** What a message costs in credits, and how many a free learner may send a day at no cost. */
  AI_CREDITS_PER_MESSAGE: z.coerce.number().int().min(0).max(1000).default(1),
  AI_FREE_DAILY_MESSAGES: z.coerce.number().int().min(0).max(1000).default(5),
  /** Messages one learner may send a minute. */
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(10),
  /**
   * The AI app builder's machines (issue 18). MACHINE_DRIVER "local" runs each machine on this host
   * in a bubblewrap sandbox; "kubernetes" a pod per machine (MACHINE_K8S_*); "off" turns machines
   * off. Apps answer at {name}.{APPS_DOMAIN} (a wildcard DNS name pointing here; *.localhost needs
   * none), never on the product's own origin.
   */
  MACHINE_DRIVER: z.enum(["local", "kubernetes", "off"]).default("local"),
  MACHINES_DIR: z.string().min(1).optional(),
  APPS_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, "must be a host name, with a port if not the default")
    .optional(),
  /** http or https for apps' addresses; by default the public URL's scheme. */
  APPS_PROTOCOL: z.enum(["http", "https"]).optional(),
  MACHINE_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(768),
  MACHINE_CPUS: z.coerce.number().min(0.1).max(16).default(1),
  MACHINE_DISK_MB: z.coerce.number().int().min(16).max(100_000).default(512),
  MACHINE_PROCESSES: z.coerce.number().int().min(16).max(4096).default(256),
  /** A preview machine unused this long stops; it starts again on the next visit. */
  MACHINE_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  MACHINE_START_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
  MACHINE_K8S_NAMESPACE: z.string().min(1).default("lumen-machines"),
  MACHINE_K8S_IMAGE: z.string().min(1).optional(),
  MACHINE_K8S_RUNTIME_CLASS: z.string().min(1).optional(),
  MACHINE_K8S_STORAGE_CLASS: z.string().min(1).optional(),
  MACHINE_K8S_SERVER_LABEL: z.string().min(1).default("app.kubernetes.io/name=lumen"),
  MACHINE_K8S_SERVER_NAMESPACE: z.string().min(1).optional(),
  MACHINE_K8S_APP_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  MACHINE_K8S_MODULES: z.enum(["copy", "image"]).default("copy"),
  MACHINE_K8S_MODULES_PATH: z.string().min(1).default("/opt/lumen/node_modules"),
  MACHINE_K8S_USER_NAMESPACES: booleanFlag.default(false),
  MACHINE_K8S_KUBECONFIG: z.string().min(1).optional(),
  /** The app's store pages, shown at the end of the web-to-app flow (spec section 2). */
  APP_STORE_URL: z.url({ protocol: /^https$/ }).default("https://apps.apple.com/app/lumen"),
  PLAY_STORE_URL: z
    .url({ protocol: /^https$/ })
    .default("https://play.google.com/store/apps/details?id=app.lumen"),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; throws one line per problem, each naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty string means "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  const problems = result.success
    ? [...productionProblems(result.data, cleaned), ...authConfigProblems(result.data)]
    : [];
  if (result.success && problems.length === 0) return result.data;
  const lines = result.success
    ? problems
    : result.error.issues.map(
        (issue) => `Invalid setting ${issue.path.join(".")}: ${issue.message}`,
      );
  throw new EnvError(lines.join("\n"));
}

/** Settings a laptop may leave unset but a production server must not. */
function productionProblems(env: Env, source: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  // The local provider takes test cards: by default in production anyone could subscribe free.
  if (source.BILLING_PROVIDER === undefined) {
    problems.push(
      "Invalid setting BILLING_PROVIDER: required in production (stripe, or local on purpose: its test cards unlock every plan free)",
    );
  }
  if (!env.COOKIE_KEYS) {
    problems.push(
      "Invalid setting COOKIE_KEYS: required in production (comma-separated, 32+ characters each)",
    );
  }
  if (env.BILLING_PROVIDER === "stripe" && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    problems.push(
      "Invalid setting STRIPE_SECRET_KEY: BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  if (env.ALLOW_IMPERSONATION) {
    problems.push("Invalid setting ALLOW_IMPERSONATION: must not be true in production");
  }
  // Builder apps must never share the product's site: their own registrable domain (issue 18).
  if (env.MACHINE_DRIVER !== "off") {
    const apps = env.APPS_DOMAIN?.replace(/:\d+$/, "").toLowerCase();
    const product = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname.toLowerCase() : undefined;
    if (!apps) {
      problems.push(
        "Invalid setting APPS_DOMAIN: required in production with machines (a domain of its own for learners' apps, or MACHINE_DRIVER=off)",
      );
    } else if (
      product &&
      (apps === product || apps.endsWith(`.${product}`) || product.endsWith(`.${apps}`))
    ) {
      problems.push(
        "Invalid setting APPS_DOMAIN: must not be the product's domain or share it (learners' apps would be same-site with the product)",
      );
    }
  }
  return problems;
}

/** What the browser may see of the settings. Nothing else leaves the server. */
export function publicConfig(env: Env) {
  return {
    productName: env.PRODUCT_NAME,
    assistantName: `${env.PRODUCT_NAME} AI`,
    supportEmail: env.SUPPORT_EMAIL,
    // The identity provider's client options (spec section 5): its name and public key only.
    auth: sessionProviderClientOptions(env),
    ...(env.ALLOWED_REDIRECT_HOSTS.length > 0
      ? { allowedRedirectHosts: env.ALLOWED_REDIRECT_HOSTS }
      : {}),
    // The redirect allow-list's localhost exception holds outside production only (issue 11).
    devRedirectHosts: env.NODE_ENV !== "production",
    // How often the web app reloads its feature flags (issue 14).
    flagsRefreshSeconds: env.FLAGS_REFRESH_SECONDS,
    // Spec section 6: a configured impersonation token replaces the bearer token in the browser;
    // only ever sent where the server would accept it.
    ...(env.ALLOW_IMPERSONATION && env.IMPERSONATION_TOKEN
      ? { impersonationToken: env.IMPERSONATION_TOKEN }
      : {}),
    // Hosted sign-in buttons (issue 19): ids and names only, never a client secret.
    ...(env.OIDC_PROVIDERS?.length
      ? { oidcProviders: publicOidcProviders(env.OIDC_PROVIDERS) }
      : {}),
    // Third-party analytics addresses (issue 14): only those configured, none by default.
    ...(env.TAG_MANAGER_URL ? { tagManagerUrl: env.TAG_MANAGER_URL } : {}),
    ...(env.AD_PIXEL_URL ? { adPixelUrl: env.AD_PIXEL_URL } : {}),
    ...(env.ANALYTICS_SERVICE_URL ? { analyticsServiceUrl: env.ANALYTICS_SERVICE_URL } : {}),
    // The web-to-app flow's store links (issue 15).
    appStoreUrl: env.APP_STORE_URL,
    playStoreUrl: env.PLAY_STORE_URL,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
