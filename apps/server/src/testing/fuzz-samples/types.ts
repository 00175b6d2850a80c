/** A valid request for one route, which the route fuzzer (routes/route-fuzz.db.test.ts) bends. */
export type FuzzSamples = Record<string, { query?: Record<string, string>; body?: () => unknown }>;
