/**
 * Conversion statistics of an experiment's variants (issue 14): the rate and its Wilson score
 * interval, which stays inside [0, 1] and is honest for small samples and rates near 0 or 1,
 * where the textbook normal ("Wald") interval collapses to a point or leaves the range.
 */

/** The two-sided 95 % normal quantile, Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

export interface ConversionStats {
  exposed: number;
  conversions: number;
  /** conversions / exposed, or null with nobody exposed. */
  rate: number | null;
  /** The 95 % Wilson interval of the rate, or null with nobody exposed. */
  interval: Interval | null;
}

/**
 * The Wilson score interval (Wilson 1927; Newcombe 1998, method 3) of `successes` out of `trials`,
 * without continuity correction. Null when there are no trials: nothing is known.
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval | null {
  if (!Number.isInteger(trials) || trials <= 0) return null;
  if (!Number.isInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`successes must be an integer in [0, ${trials}], got ${successes}`);
  }
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // Exact at the ends: rounding must not put 0/n above 0 or n/n below 1.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}

/** A variant's rate and interval from its counts. */
export function conversionStats(exposed: number, conversions: number): ConversionStats {
  return {
    exposed,
    conversions,
    rate: exposed > 0 ? conversions / exposed : null,
    interval: wilsonInterval(conversions, exposed),
  };
}
