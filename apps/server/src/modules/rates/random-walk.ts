/**
 * The simulated market's motion: a bounded, mean-reverting random walk on the logarithm of a rate.
 *
 * Floats are acceptable here and only here: the walk invents the next *price*, it never adds up
 * anybody's money. Its output is rounded to a decimal string (12 significant digits) before it is
 * stored, and every conversion of an amount uses exact decimals (`@app/contract` rates helpers).
 *
 * Two bounds hold for every step, whatever the random numbers:
 * - the step: |ln(next / current)| <= maxStepSigmas * sigma(dt) (a calm market cannot jump 50 % in a minute);
 * - the band: anchor * (1 - band) <= next <= anchor * (1 + band) (a long demo never drifts into nonsense).
 */

export type WalkParams = {
  /** Annualised volatility (0.55 = 55 % a year, about bitcoin's). */
  annualVolatility: number;
  /** Half-width of the band around the anchor, as a fraction (0.35 = +-35 %). */
  band: number;
  /** Pull back towards the anchor, per year (2 = a deviation halves in about four months). */
  meanReversion: number;
  /** Largest step, in standard deviations of the step's own time span. */
  maxStepSigmas: number;
};

export const SECONDS_PER_YEAR = 365 * 24 * 3600;

/** Walk parameters per kind of asset; chosen to look like the real markets' temperament. */
export const WALK_PARAMS = {
  BTC: { annualVolatility: 0.55, band: 0.35, meanReversion: 1.5, maxStepSigmas: 3 },
  ETH: { annualVolatility: 0.7, band: 0.45, meanReversion: 1.5, maxStepSigmas: 3 },
  XMR: { annualVolatility: 0.65, band: 0.45, meanReversion: 1.5, maxStepSigmas: 3 },
  LTC: { annualVolatility: 0.75, band: 0.5, meanReversion: 1.5, maxStepSigmas: 3 },
  stablecoin: { annualVolatility: 0.01, band: 0.005, meanReversion: 50, maxStepSigmas: 3 },
  fiat: { annualVolatility: 0.08, band: 0.08, meanReversion: 3, maxStepSigmas: 3 },
  metal: { annualVolatility: 0.18, band: 0.25, meanReversion: 2, maxStepSigmas: 3 },
} as const satisfies Record<string, WalkParams>;

const STABLECOINS = new Set(['USDT', 'USDC']);
const METALS = new Set(['XAU', 'XAG', 'XPT', 'XPD']);

/** The walk parameters of a pair: crypto pairs by coin (`BTC/USD`), fiat by kind (`USD/EUR`, `USD/XAU`). */
export function walkParamsFor(base: string, quote: string): WalkParams {
  if (base === 'USD') return METALS.has(quote) ? WALK_PARAMS.metal : WALK_PARAMS.fiat;
  if (STABLECOINS.has(base)) return WALK_PARAMS.stablecoin;
  if (base in WALK_PARAMS) return WALK_PARAMS[base as keyof typeof WALK_PARAMS];
  return WALK_PARAMS.LTC;
}

/** A source of uniform numbers in [0, 1); `Math.random` in production, a seeded one in tests. */
export type Rng = () => number;

/** mulberry32: a small, fast, seedable generator (deterministic backfills and tests). */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed derived from a string (e.g. the pair), so each pair's history has its own shape. */
export function seedFrom(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** A standard normal draw (Box-Muller); the caller bounds the step, so tails do no harm. */
function normal(rng: Rng): number {
  const u = Math.max(rng(), Number.EPSILON);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** The largest log-step allowed over `dtSeconds`. */
export function maxLogStep(params: WalkParams, dtSeconds: number): number {
  return (
    params.maxStepSigmas * params.annualVolatility * Math.sqrt(Math.max(dtSeconds, 0) / SECONDS_PER_YEAR)
  );
}

/** One step of the walk from `current` over `dtSeconds`, kept inside the step bound and the band. */
export function walkStep(
  current: number,
  anchor: number,
  dtSeconds: number,
  params: WalkParams,
  rng: Rng,
): number {
  if (dtSeconds <= 0) return current;
  const years = dtSeconds / SECONDS_PER_YEAR;
  const sigma = params.annualVolatility * Math.sqrt(years);
  const limit = maxLogStep(params, dtSeconds);
  const pull = -params.meanReversion * Math.log(current / anchor) * Math.min(years, 1);
  const step = Math.min(limit, Math.max(-limit, sigma * normal(rng) + pull));
  const low = anchor * (1 - params.band);
  const high = anchor * (1 + params.band);
  // Clamping to the band only ever moves the result towards `current` (which is inside it), so the
  // step bound still holds after it.
  return Math.min(high, Math.max(low, current * Math.exp(step)));
}

/** Prints a positive float as a plain decimal with 12 significant digits (never an exponent), max 18 decimals. */
export function toDecimalString(value: number): string {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`Not a positive rate: ${value}`);
  const magnitude = Math.floor(Math.log10(value));
  const decimals = Math.min(18, Math.max(0, 11 - magnitude));
  return value.toFixed(decimals);
}
