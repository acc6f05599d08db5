import { createHash } from 'node:crypto';

/**
 * A small SVG badge for a payment method icon name: the initials on a colour derived from the name.
 * We ship no brand logos (their licences vary), so every `iconUrl` resolves to something neutral; the web
 * app may show its own artwork for the names it knows.
 */
export function renderIconSvg(iconName: string): string {
  const words = iconName.split('-').filter(Boolean);
  const initials = (words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : iconName.slice(0, 2))
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const hue = createHash('sha1').update(iconName).digest()[0]! * (360 / 256);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" role="img">',
    `<title>${initials}</title>`,
    `<rect width="40" height="40" rx="10" fill="hsl(${hue.toFixed(0)} 55% 42%)"/>`,
    '<text x="20" y="25" text-anchor="middle" font-family="system-ui, sans-serif" font-size="15" font-weight="600" fill="#fff">',
    initials,
    '</text></svg>',
  ].join('');
}
