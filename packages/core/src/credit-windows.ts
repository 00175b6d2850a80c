/**
 * The monthly credit allowance's rules (issue 15, ADR 0045): the month a grant belongs to, and how
 * much of the last month's allowance expires when the next one is granted. Pure; the server's
 * ensure-credit-grants.ts writes what these decide.
 */

export interface CreditWindow {
  start: Date;
  end: Date;
}

/** The anchor plus `months` calendar months (UTC), the day kept or clamped to the month's end. */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(anchor.getTime());
  result.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return result;
}

/**
 * The month of an allowance that `now` falls in, counted from `anchor` (a subscription's period
 * start, a grant's start): [anchor + k months, anchor + k + 1 months). A monthly subscription's
 * window is its billing period; a yearly one has twelve. Before the anchor: the first window.
 */
export function creditWindow(anchor: Date, now: Date): CreditWindow {
  let months =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    (now.getUTCMonth() - anchor.getUTCMonth());
  months = Math.max(0, months);
  // The guess can be one ahead (the anchor's day or time not reached yet in `now`'s month).
  while (months > 0 && addMonths(anchor, months) > now) months -= 1;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/** What the ledger says since the last month's allowance began (its first grant entry). */
export interface AllowanceUse {
  /** The credits that month's allowance granted, top-ups included. */
  granted: number;
  /** The credits spent since then. */
  spent: number;
  /** The balance now. */
  balance: number;
}

/**
 * Allowance credits are spent first and do not roll over: when a new month's allowance is granted,
 * what is left of the last one expires. Credits an admin granted never expire, so at most the
 * unspent allowance goes, and never more than the balance.
 */
export function expiringAllowance({ granted, spent, balance }: AllowanceUse): number {
  return Math.max(0, Math.min(granted - spent, balance));
}
