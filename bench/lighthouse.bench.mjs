/**
 * Lighthouse (npm `lighthouse`, Debian's Chromium) on a Python lesson screen, against issue 6's
 * targets (performance ≥ 90, accessibility ≥ 95), next to the home page's scores as the baseline
 * from the same run. Builds the web app when its sources changed, starts the built server on a
 * free port with a fresh embedded database, and uses Lighthouse's default mobile profile
 * (simulated slow 4G and a 4× slower CPU). Prints the main timings and what held each score back.
 * Run: node bench/lighthouse.bench.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium;
 * LIGHTHOUSE_REPORT_DIR=dir keeps each page's full JSON report there)
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM, openLighthouseHost } from "./support/lighthouse-host.mjs";

const LESSON = "/web/track/1/tutorial/101/chapter/10101/learn?lesson=1";
const TARGETS = { performance: 90, accessibility: 95 };

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is tried again. */
async function audit(url, port, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await auditOnce(url, port);
    if (!lhr.runtimeError || attempt >= attempts) return lhr;
    console.log(`(${url}: ${lhr.runtimeError.code}, running it again)`);
  }
}

async function auditOnce(url, port) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
    if (trace) {
      const name = new URL(url).pathname.replace(/\W+/g, "-");
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_REPORT_DIR, `trace${name}.json`),
        JSON.stringify(trace),
      );
    }
  }
  return result.lhr;
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr, id) => lhr.audits[id]?.displayValue ?? "n/a";

/** What cost points: failed accessibility audits and performance opportunities with savings. */
function heldBack(lhr) {
  const lines = [];
  for (const ref of lhr.categories.accessibility.auditRefs) {
    const item = lhr.audits[ref.id];
    if (ref.weight > 0 && item && item.score !== null && item.score < 1) {
      lines.push(`accessibility: ${item.title}`);
    }
  }
  for (const item of Object.values(lhr.audits)) {
    const savings = item.details?.overallSavingsMs;
    if (typeof savings === "number" && savings >= 100) {
      lines.push(`performance: ${item.title} (about ${Math.round(savings)} ms)`);
    }
  }
  for (const id of ["total-blocking-time", "largest-contentful-paint", "bootup-time"]) {
    const item = lhr.audits[id];
    if (item && item.score !== null && item.score < 0.9) {
      lines.push(`performance: ${item.title}: ${item.displayValue ?? ""}`);
    }
  }
  return lines;
}

const host = await openLighthouseHost("lighthouse", ["--disable-quic"]);
const server = { url: host.url };
const chromium = { port: host.port };
try {
  const pages = [
    ["baseline: home page", `${server.url}/`],
    ["lesson screen (Python)", `${server.url}${LESSON}`],
  ];
  const results = [];
  for (const [name, url] of pages) results.push([name, await audit(url, chromium.port)]);
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    for (const [name, lhr] of results) {
      const file = path.join(
        process.env.LIGHTHOUSE_REPORT_DIR,
        `${name.replace(/\W+/g, "-")}.json`,
      );
      writeFileSync(file, JSON.stringify(lhr, null, 1));
    }
  }

  console.log(`Lighthouse ${results[0][1].lighthouseVersion}, mobile profile, ${CHROMIUM}`);
  console.log(
    `${"page".padEnd(26)} ${"perf".padStart(5)} ${"a11y".padStart(5)}   FCP      LCP      TBT      CLS      SI`,
  );
  for (const [name, lhr] of results) {
    const cells = [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ].map((id) => String(metric(lhr, id)).padEnd(8));
    console.log(
      `${name.padEnd(26)} ${String(score(lhr, "performance")).padStart(5)} ${String(score(lhr, "accessibility")).padStart(5)}   ${cells.join(" ")}`,
    );
  }
  const lesson = results[1][1];
  const verdict = (category) =>
    `${category} ${score(lesson, category)} (target ≥ ${TARGETS[category]}): ${
      score(lesson, category) >= TARGETS[category] ? "met" : "NOT MET"
    }`;
  console.log(`lesson screen: ${verdict("performance")}; ${verdict("accessibility")}`);
  for (const [name, lhr] of results) {
    const lines = heldBack(lhr);
    console.log(`${name}: ${lines.length ? "held back by" : "nothing held it back"}`);
    for (const line of lines) console.log(`  - ${line}`);
  }
} finally {
  await host.close();
}
