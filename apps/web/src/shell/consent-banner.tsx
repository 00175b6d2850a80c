/**
 * The analytics consent banner (issue 14, ADR 0042). It appears only when an operator configured a
 * third-party service (tag manager, pixel, analytics service) and the visitor has not chosen yet;
 * nothing third-party loads before "Accept". The choice is remembered (analytics/consent.ts).
 */
import { useEffect, useState } from "react";
import { readConsent, renewConsentCookie, writeConsent } from "../analytics/consent.ts";
import { anyThirdParty, loadThirdParties } from "../analytics/third-party.ts";
import { config } from "../lib/config.ts";
import { Button } from "../ui/index.ts";

export function ConsentBanner() {
  const configured = anyThirdParty(config);
  const [open, setOpen] = useState(() => configured && readConsent() === undefined);
  useEffect(() => {
    if (!configured) return;
    renewConsentCookie();
    loadThirdParties(config);
  }, [configured]);
  if (!open) return null;
  const choose = (choice: "granted" | "denied") => {
    writeConsent(choice);
    if (choice === "granted") loadThirdParties(config);
    setOpen(false);
  };
  return (
    <section
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      className="fixed inset-x-2 bottom-2 z-40 mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-4 shadow-lg sm:inset-x-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="consent-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        Cookies and analytics
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        With your consent, {config.productName} shares how you use the site with analytics and
        advertising partners. We count lessons and clicks ourselves either way, without sharing
        them.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="brand" onClick={() => choose("granted")}>
          Accept
        </Button>
        <Button variant="secondary" onClick={() => choose("denied")}>
          Decline
        </Button>
      </div>
    </section>
  );
}
