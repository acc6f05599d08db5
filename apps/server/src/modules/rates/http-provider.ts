import { z } from 'zod';
import { divide, formatDecimal, parseDecimal, isDecimalString } from '@app/contract';
import type { RateQuote, RatesProvider, SnapshotContext } from './provider.js';

/**
 * A provider that reads a public ticker over HTTP. The format is the common "exchange rates for one
 * base currency" document: `{ "data": { "currency": "USD", "rates": { "EUR": "0.85", "BTC": "0.0000105" } } }`
 * (every value is units per one USD, crypto included). Crypto prices in USD are the exact inverse,
 * computed with decimals. Codes we do not trade are ignored; pairs the ticker lacks keep their rate.
 */
const tickerSchema = z.object({
  data: z.object({
    currency: z.literal('USD'),
    rates: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
});

/** `1.05e-5` -> `0.0000105`: JSON numbers in exponent form, shifted as text (no float arithmetic). */
export function numberToDecimalString(value: number): string {
  const [mantissa = '', exponentText = '0'] = value.toString().toLowerCase().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${negative ? '-' : ''}${text.replace(/^0+(?=\d)/, '')}`;
}

export type HttpTickerOptions = {
  url: string;
  /** Codes priced per coin in USD (inverted); everything else is a USD/<fiat> pair. */
  cryptoCodes: readonly string[];
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

/** Rates from a public ticker over HTTP (RATES_PROVIDER=http); see the format above. */
export class HttpTickerProvider implements RatesProvider {
  readonly name = 'http';

  constructor(private readonly options: HttpTickerOptions) {}

  async fetchSnapshot({ previous }: SnapshotContext): Promise<RateQuote[]> {
    const fetchImpl = this.options.fetchImpl ?? fetch;
    const response = await fetchImpl(this.options.url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
    });
    if (!response.ok) throw new Error(`rates ticker answered ${response.status}`);
    const parsed = tickerSchema.parse(await response.json());
    const crypto = new Set(this.options.cryptoCodes);
    const quotes: RateQuote[] = [];
    for (const [code, raw] of Object.entries(parsed.data.rates)) {
      // Numbers in JSON are read back as the shortest decimal that names them, never used as floats.
      const text = typeof raw === 'number' ? numberToDecimalString(raw) : raw;
      if (!isDecimalString(text) || Number(text) <= 0) continue;
      if (crypto.has(code)) {
        if (!previous.has(`${code}/USD`)) continue;
        const usdPerCoin = divide(parseDecimal('1'), parseDecimal(text), 18, 'half-up');
        quotes.push({ base: code, quote: 'USD', rate: formatDecimal(usdPerCoin) });
      } else if (previous.has(`USD/${code}`)) {
        quotes.push({ base: 'USD', quote: code, rate: formatDecimal(parseDecimal(text)) });
      }
    }
    return quotes;
  }
}
