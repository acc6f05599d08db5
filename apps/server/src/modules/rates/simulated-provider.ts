import type { RateQuote, RatesProvider, SnapshotContext } from './provider.js';
import { toDecimalString, walkParamsFor, walkStep, type Rng } from './random-walk.js';

/** A step never spans more than a day: after a long stop the market resumes calmly, not with a leap. */
const MAX_STEP_SECONDS = 24 * 3600;

/**
 * The default provider: a simulated market. Each tick moves every stored pair by one bounded random
 * step around its anchor (random-walk.ts); the time since the pair's last update sets the step's size.
 * Inject `rng` for deterministic tests.
 */
export class SimulatedMarketProvider implements RatesProvider {
  readonly name = 'simulated';

  constructor(private readonly rng: Rng = Math.random) {}

  async fetchSnapshot({ previous, now }: SnapshotContext): Promise<RateQuote[]> {
    const quotes: RateQuote[] = [];
    for (const [key, stored] of previous) {
      const [base = '', quote = ''] = key.split('/');
      const dt = Math.min(MAX_STEP_SECONDS, Math.max(0, (now.getTime() - stored.updatedAt.getTime()) / 1000));
      const next = walkStep(
        Number(stored.rate),
        Number(stored.anchor),
        dt,
        walkParamsFor(base, quote),
        this.rng,
      );
      quotes.push({ base, quote, rate: toDecimalString(next) });
    }
    return quotes;
  }
}
