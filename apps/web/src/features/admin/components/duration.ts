import type { Locale } from '@app/contract';

/** "3 h 20 min", "2 d 4 h": how long a dispute has been open, in the reader's language (two units). */
export function formatDuration(seconds: number, locale: Locale): string {
  const units: [Intl.NumberFormatOptions['unit'], number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    if (count > 0 || (unit === 'minute' && parts.length === 0)) {
      parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(count));
      rest -= count * size;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}
