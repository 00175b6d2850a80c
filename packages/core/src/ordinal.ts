/** Ordinal numbers for display: 1st, 2nd, 3rd, 4th, 11th, 21st (spec section 9). */

/** The English ordinal suffix of an integer; 11, 12 and 13 (and 111, 112, ...) take "th". */
export function ordinalSuffix(n: number): "st" | "nd" | "rd" | "th" {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not an integer: ${n}`);
  const abs = Math.abs(n);
  const lastTwo = abs % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  switch (abs % 10) {
    case 1:
      return "st";
    case 2:
      return "nd";
    case 3:
      return "rd";
    default:
      return "th";
  }
}

/** The number followed by its suffix, e.g. ordinal(22) is "22nd". */
export function ordinal(n: number): string {
  return `${n}${ordinalSuffix(n)}`;
}
