/**
 * The server's settings: one zod schema parsed at boot. Every setting has a safe default for
 * `npm start` on a laptop; a bad value stops the server with one line naming the variable.
 * `publicConfig` is the explicit list of what the browser may see.
 */
import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .url()
    .refine((u) => /^postgres(ql)?:\/\//.test(u), "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PRODUCT_NAME: z.string().min(1).max(40).default("Lumen"),
  SUPPORT_EMAIL: z.email().default("support@lumen.localhost"),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SEED_DEMO: booleanFlag.optional(),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; throws one line per problem, each naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty string means "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `Invalid setting ${issue.path.join(".")}: ${issue.message}`,
  );
  throw new EnvError(lines.join("\n"));
}

/** What the browser may see of the settings. Nothing else leaves the server. */
export function publicConfig(env: Env) {
  return {
    productName: env.PRODUCT_NAME,
    assistantName: `${env.PRODUCT_NAME} AI`,
    supportEmail: env.SUPPORT_EMAIL,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
