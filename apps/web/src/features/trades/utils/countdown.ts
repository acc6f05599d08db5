/**
 * The time left until `expiresAtSeconds` (the spec sends seconds; the page works in milliseconds),
 * as `h:mm:ss` or `m:ss`, and whether it has run out.
 */
export function countdown(
  expiresAtSeconds: number,
  nowMs: number,
): { text: string; msLeft: number; expired: boolean } {
  const msLeft = Math.max(0, expiresAtSeconds * 1000 - nowMs);
  const total = Math.ceil(msLeft / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
  return { text, msLeft, expired: msLeft === 0 };
}
