/** The Hono environment every route sees: its dependencies and the per-request logger. */
import type { Database } from "@lumen/db";
import type { Logger } from "pino";
import type { AiService } from "./ai/ai-service.ts";
import type { AuthServices } from "./auth/services.ts";
import type { UserRow } from "./auth/users.ts";
import type { BillingService } from "./billing/billing-service.ts";
import type { CatalogStore } from "./catalog/catalog-store.ts";
import type { CheckService } from "./checks/check-service.ts";
import type { PreviewRunners } from "./commands/preview-runners.ts";
import type { Env } from "./env.ts";
import type { MachineService } from "./machines/machine-service.ts";
import type { FlagService } from "./operations/flags/flag-service.ts";

export interface AppDeps {
  database: Database;
  env: Env;
  logger: Logger;
  /** The identity provider's keys, rate limiter and mailer (auth/services.ts). */
  auth: AuthServices;
  /** The published curriculum. */
  catalog: CatalogStore;
  /** Learners' code checks: fair shares in front of the sandbox (checks/check-service.ts). */
  checks: CheckService;
  /** The course engineers' preview runners: a sandbox pool of their own, reset by clearCache. */
  preview: PreviewRunners;
  /** Now, for every command that dates what it writes (streak days, completions, saves). */
  clock: () => Date;
  /** Feature flags through OpenFeature (operations/flags/flag-service.ts, ADR 0039). */
  flags: FlagService;
  /** Payments (issue 15, ADR 0044): the provider, prices, and the webhook events' worker. */
  billing: BillingService;
  /** {product} AI (issue 16, ADR 0049): the model connection and the replies still streaming. */
  ai: AiService;
  /** The app builder's machines (issue 18): the driver, rows, idle stop and tickets. */
  machines: MachineService;
  /** Builder turns running in the background; disposal waits for them. */
  builderTurns: Set<Promise<void>>;
  /** The built web app's folder; when absent, only the API is served. */
  webDistDir?: string;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    deps: AppDeps;
    /** The signed-in account, set by auth/middleware.ts's `authenticate`. */
    user?: UserRow;
    /** Who minted the impersonation token in use, if any. */
    impersonatedBy?: string;
  };
};
