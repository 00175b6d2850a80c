/** The local provider's three test cards, each with what it does and a button that fills it in. */
import { Button } from "../../../ui/index.ts";
import { formatCardNumber, TEST_CARD_LIST } from "../lib/test-card.ts";

export function TestCardList({
  onUse,
  disabled,
}: {
  onUse: (number: string) => void;
  disabled: boolean;
}) {
  return (
    <section aria-labelledby="test-cards-title">
      <h2 id="test-cards-title" className="text-sm font-semibold">
        Test cards
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Any future expiry date, any CVC and any name will do.
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {TEST_CARD_LIST.map((card) => (
          <li key={card.number} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              <span className="block font-mono text-sm tabular-nums">
                {formatCardNumber(card.number)}
              </span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {card.outcome}
              </span>
            </span>
            <Button
              size="sm"
              variant="ghost"
              disabled={disabled}
              onClick={() => onUse(card.number)}
              className="shrink-0"
            >
              Use<span className="sr-only"> the card ending {card.number.slice(-4)}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
