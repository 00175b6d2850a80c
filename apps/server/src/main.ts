/** The process entry point used by `npm start`: settings, server, signals. */
import { fileURLToPath } from "node:url";
import { EnvError, parseEnv } from "./env.ts";
import { startServer } from "./server.ts";

const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(env, { webDistDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST });
  // The handlers come before "ready": a supervisor that stops the server as soon as it reads the
  // line would otherwise kill it by the signal's default action, without a graceful stop.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      server.stop().then(
        () => process.exit(0),
        (error) => {
          server.logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
  server.logger.info({ url: server.url, database: server.database.kind }, "ready");
  console.log(`${env.PRODUCT_NAME} is ready at ${server.url} (database: ${server.database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
