/**
 * One Vitest configuration, three projects:
 * - unit: `*.test.ts(x)` beside the code; no server, no database.
 * - db: `*.db.test.ts`, integration tests against a real database (PGlite, or PostgreSQL when
 *   DATABASE_URL is set).
 * - e2e: `e2e/**\/*.e2e.ts`, the built server driven through Debian's Chromium.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{apps,packages,scripts,bench}/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", "**/dist/**", "**/*.db.test.ts"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "db",
          include: ["{apps,packages,scripts}/**/*.db.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
