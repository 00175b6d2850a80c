/**
 * Lighthouse's SEO score (npm `lighthouse`, Debian's Chromium: --headless=new --no-sandbox
 * --disable-gpu) on the glossary pages (issue 17: the target is 100), with the accessibility
 * score beside it and every SEO audit that held a page back. Builds the web app when its sources
 * changed (WEB_DIST_DIR names the build), starts the built server on a free port with a fresh
 * embedded database. Exits 1 when a page scores under 100.
 * Run: node bench/glossary-seo.bench.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import lighthouse from "lighthouse";
import { openLighthouseHost } from "./support/lighthouse-host.mjs";

const PAGES = ["/glossary/html", "/glossary/python/list", "/glossary/sql/join"];

const host = await openLighthouseHost("seo");
let failed = false;
try {
  const { url, port } = host;
  for (const page of PAGES) {
    const result = await lighthouse(`${url}${page}`, {
      port: Number(port),
      output: "json",
      logLevel: "error",
      onlyCategories: ["seo", "accessibility"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
    const seo = Math.round((lhr.categories.seo?.score ?? 0) * 100);
    const a11y = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
    console.log(`Lighthouse ${lhr.lighthouseVersion} ${page}: SEO ${seo}, accessibility ${a11y}`);
    for (const category of ["seo", "accessibility"]) {
      for (const ref of lhr.categories[category].auditRefs) {
        const item = lhr.audits[ref.id];
        if (ref.weight > 0 && item && item.score !== null && item.score < 1) {
          console.log(`  ${category}: ${item.title}`);
        }
      }
    }
    if (seo < 100) failed = true;
  }
} finally {
  await host.close();
}
process.exit(failed ? 1 : 0);
