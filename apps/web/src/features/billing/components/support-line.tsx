/** Where to write when a purchase needs a person, with the checkout's reference when known. */
import { config } from "../../../lib/config.ts";
import { textLinkClasses } from "../../../ui/index.ts";

export function SupportLine({ reference }: { reference?: string | undefined }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      Need a hand? Write to{" "}
      <a href={`mailto:${config.supportEmail}`} className={textLinkClasses}>
        {config.supportEmail}
      </a>
      {reference ? (
        <>
          {" "}
          and quote <span className="font-mono break-all">{reference}</span>
        </>
      ) : null}
      .
    </p>
  );
}
