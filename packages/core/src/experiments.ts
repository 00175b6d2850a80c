/**
 * A/B experiments (spec section 9): their variants, when each becomes active, and which variant a
 * user sees. Bucketing is a pure function of the experiment and the user id, so the server, the
 * browser and analytics agree without storing an assignment.
 */

export type ExperimentActivation = { startDate: string } | "manual";

export interface Experiment {
  /** The first is always "original", which everyone sees while the experiment is inactive. */
  variants: readonly [string, ...string[]];
  /** A UTC calendar date (YYYY-MM-DD) from which it is active, or "manual". */
  activation: ExperimentActivation;
}

export const EXPERIMENTS = {
  "optional-guided-project-in-path": {
    variants: ["original", "variant1_optional_in_path", "variant2_no_optional_projects"],
    activation: { startDate: "2024-12-02" },
  },
  "glossary-fixed-cta-variations": {
    variants: ["original", "variant_learn_daily"],
    activation: { startDate: "2025-08-21" },
  },
  "landing-page-variant": {
    variants: ["original", "variant"],
    activation: { startDate: "2025-11-04" },
  },
  // The spec names no variants for the demo; one treatment beside "original" is assumed.
  "demo-ab-test": {
    variants: ["original", "variant"],
    activation: "manual",
  },
} as const satisfies Record<string, Experiment>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export type VariantOf<N extends ExperimentName> = (typeof EXPERIMENTS)[N]["variants"][number];

export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

export interface ExperimentClock {
  now: Date;
  /** Manual experiments switched on by configuration; dated experiments ignore this. */
  activated?: readonly ExperimentName[];
  /** The operator's switch that pauses every experiment: everyone sees "original". */
  paused?: boolean;
}

export function isExperimentName(value: string): value is ExperimentName {
  return Object.hasOwn(EXPERIMENTS, value);
}

/** The instant a dated experiment starts: midnight UTC at the start of its start date. */
export function experimentStart(name: ExperimentName): Date | null {
  const activation: ExperimentActivation = EXPERIMENTS[name].activation;
  return activation === "manual" ? null : new Date(`${activation.startDate}T00:00:00.000Z`);
}

/**
 * Whether an experiment runs at `now`: a dated one from 00:00 UTC of its start date on (the start
 * date included), a manual one only when listed in `activated`.
 */
export function isExperimentActive(
  name: ExperimentName,
  now: Date,
  activated: readonly ExperimentName[] = [],
  paused = false,
): boolean {
  if (paused) return false;
  const start = experimentStart(name);
  if (start === null) return activated.includes(name);
  return now.getTime() >= start.getTime();
}

/**
 * The variant a user sees: "original" while the experiment is inactive; otherwise a bucket chosen
 * by a hash of the experiment name and the user id, split evenly across the variants. The name is
 * part of the hash so that a user's buckets in two experiments are independent.
 */
export function variantFor<N extends ExperimentName>(
  name: N,
  userId: string,
  clock: ExperimentClock,
): VariantOf<N> {
  const variants: readonly VariantOf<N>[] = EXPERIMENTS[name].variants;
  if (!isExperimentActive(name, clock.now, clock.activated, clock.paused)) return variants[0]!;
  return variants[bucket(`${name}:${userId}`, variants.length)]!;
}

/**
 * A bucket in [0, count) for a key. FNV-1a alone is not enough: its lowest bit is the parity of
 * the key's characters, so `hash % 2` would put a user in matching halves of every two-variant
 * experiment. The murmur3 finaliser mixes every input bit into every output bit, and the bucket
 * is taken from the high bits.
 */
export function bucket(key: string, count: number): number {
  return Math.floor((fmix32(fnv1a32(key)) / 2 ** 32) * count);
}

/**
 * 32-bit FNV-1a over the string's UTF-16 code units: tiny and the same in every runtime, which is
 * all bucketing needs (it is not a defence against someone choosing their bucket).
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The murmur3 32-bit finaliser. */
export function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A visitor id as browsers send it: the analytics anonymous id (a UUID today), or any short
 * URL-safe token. It only chooses the sender's own buckets, so it needs no secrecy.
 */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The key a subject is bucketed by: a signed-in user's visitor id from before sign-up when one was
 * carried over (so the variants do not change at sign-up), else their user id; an anonymous
 * visitor's own visitor id.
 */
export function experimentSubject(subject: {
  userId?: string | null;
  carriedVisitorId?: string | null;
  visitorId?: string | null;
}): string | null {
  if (subject.userId) return subject.carriedVisitorId ?? subject.userId;
  return subject.visitorId ?? null;
}

/** Every experiment's variant for one subject at one time. */
export function assignVariants(
  subjectKey: string,
  clock: ExperimentClock,
): { [N in ExperimentName]: VariantOf<N> } {
  return Object.fromEntries(
    EXPERIMENT_NAMES.map((name) => [name, variantFor(name, subjectKey, clock)]),
  ) as { [N in ExperimentName]: VariantOf<N> };
}

/** The experiments running at a time: dated ones from their start, manual ones when activated. */
export function activeExperiments(clock: ExperimentClock): ExperimentName[] {
  return EXPERIMENT_NAMES.filter((name) =>
    isExperimentActive(name, clock.now, clock.activated, clock.paused),
  );
}
