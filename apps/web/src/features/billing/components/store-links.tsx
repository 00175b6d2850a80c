/**
 * The App Store and Google Play links of the web-to-app flow's last step (config.appStoreUrl and
 * playStoreUrl), each opening in a new tab and counted (`store_link_click`) before it leaves.
 */
import { flush, track } from "../../../analytics/track.ts";
import { config } from "../../../lib/config.ts";
import { buttonClasses } from "../../../ui/index.ts";

const STORES = [
  { store: "app_store", url: () => config.appStoreUrl, name: "App Store", lead: "Download on the" },
  { store: "play_store", url: () => config.playStoreUrl, name: "Google Play", lead: "Get it on" },
] as const;

export function StoreLinks() {
  const links = STORES.flatMap((entry) => {
    const url = entry.url();
    return url ? [{ ...entry, href: url }] : [];
  });
  if (links.length === 0) {
    return (
      <p className="text-slate-600 dark:text-slate-400">
        The app is on its way to the stores. Meanwhile, everything works in your browser.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3 sm:flex-row">
      {links.map((link) => (
        <li key={link.store} className="flex-1">
          <a
            href={link.href}
            target="_blank"
            rel="noopener"
            onClick={() => {
              track("store_link_click", { store: link.store, flow: "web2app" });
              void flush();
            }}
            className={buttonClasses({
              variant: "secondary",
              size: "xl",
              className: "w-full",
            })}
          >
            <span className="flex flex-col items-center leading-tight">
              <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                {link.lead}
              </span>
              <span>
                {link.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
