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
    // Vitest's default on a 2-core machine is one worker (cores - 1): the main process only
    // schedules, so both cores run test files (unit+db took 346 s on one worker in CI).
    maxWorkers: 2,
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
          // One file at a time: two at once made every file 2.45× slower (each has its own
          // server, sandbox and browser), so the run took longer (ADR 0043).
          fileParallelism: false,
          // expect.poll's own default (1 s) is a short poll: under load a screen can take longer.
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
