import { parseDecimal } from '@app/contract';
import { formatDecimalString } from '@/features/catalogue';

/** A margin in percent with its sign, localized: `5.3800` -> `+5.38%`, `-1.5000` -> `−1.5%`, `0` -> `0%`. */
export function formatMarginPercent(margin: string, locale: string): string {
  const units = parseDecimal(margin).units;
  const sign = units > 0n ? '+' : units < 0n ? '\u2212' : '';
  return `${sign}${formatDecimalString(margin.replace(/^-/, ''), locale, { maxFraction: 4 })}%`;
}
