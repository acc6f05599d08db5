import type { Locale } from '@app/contract';

/** `30` -> "in 30 seconds", `90` -> "in 2 minutes" (in the given language), for "try again ..." texts. */
export function formatWait(seconds: number, locale: Locale): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}
