/**
 * Sign-in latency (issue 3's closing note): p50 of the sign-in command against an in-memory
 * database, hashing included, beside a bare scrypt call with the same parameters as baseline.
 * Run: npx tsx bench/auth-signin.bench.ts [iterations]
 */
import { randomBytes, scrypt } from "node:crypto";
import { createTestDatabase } from "@lumen/db/testing";
import { SCRYPT_PARAMS } from "../apps/server/src/auth/password.ts";
import { noRateLimit } from "../apps/server/src/auth/rate-limit.ts";
import { signInUser } from "../apps/server/src/commands/sign-in-user.ts";
import { signUpUser } from "../apps/server/src/commands/sign-up-user.ts";

const iterations = Number(process.argv[2] ?? 40);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(label: string, run: () => Promise<unknown>) {
  await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { label, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const bareScrypt = (params: { N: number; r: number; p: number }) => () =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      "correct horse battery",
      randomBytes(16),
      32,
      { ...params, maxmem: 256 * params.N * params.r + 16 * 1024 * 1024 },
      (e, k) => (e ? reject(e) : resolve(k)),
    ),
  );

const database = await createTestDatabase();
try {
  const email = "bench@example.com";
  const password = "correct horse battery";
  await signUpUser({ db: database.db, limiter: noRateLimit, ip: "bench", email, password });
  const rows = [
    await measure("bare scrypt, chosen parameters (baseline)", bareScrypt(SCRYPT_PARAMS)),
    await measure(
      "bare scrypt, Node defaults N=2^14 r=8 p=1",
      bareScrypt({ N: 2 ** 14, r: 8, p: 1 }),
    ),
    await measure("sign-in, right password", () =>
      signInUser({ db: database.db, limiter: noRateLimit, ip: "bench", email, password }),
    ),
    await measure("sign-in, unknown email", () =>
      signInUser({
        db: database.db,
        limiter: noRateLimit,
        ip: "bench",
        email: "nobody@example.com",
        password,
      }).catch(() => undefined),
    ),
  ];
  console.log(
    `scrypt parameters: N=2^${Math.log2(SCRYPT_PARAMS.N)} (${SCRYPT_PARAMS.N}), r=${SCRYPT_PARAMS.r}, p=${SCRYPT_PARAMS.p}, key ${SCRYPT_PARAMS.keyLength} bytes, memory ${(128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r) / 2 ** 20} MiB`,
  );
  console.log(`iterations: ${iterations}, database: ${database.kind}, node ${process.version}`);
  for (const row of rows) {
    console.log(
      `${row.label.padEnd(45)} p50 ${row.p50.toFixed(1).padStart(7)} ms   p95 ${row.p95.toFixed(1).padStart(7)} ms`,
    );
  }
  const [baseline, , signIn] = rows;
  if (baseline && signIn) {
    console.log(
      `sign-in overhead over the bare hash (p50): ${(signIn.p50 - baseline.p50).toFixed(1)} ms`,
    );
  }
} finally {
  await database.close();
}
