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
  server.logger.info({ url: server.url, database: server.database.kind }, "ready");
  console.log(`${env.PRODUCT_NAME} is ready at ${server.url} (database: ${server.database.kind})`);
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
