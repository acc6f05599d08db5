import { ThemeIcon } from '@mantine/core';

/**
 * Each coin's own colour and sign; the server sends only an icon slug, so the badge is drawn here.
 * Bitcoin gets a plain "B": many system fonts still lack the ₿ sign.
 */
const COIN_BADGES: Record<string, { color: string; sign: string }> = {
  BTC: { color: '#f7931a', sign: 'B' },
  ETH: { color: '#627eea', sign: 'Ξ' },
  USDT: { color: '#26a17b', sign: '₮' },
  USDC: { color: '#2775ca', sign: '$' },
  XMR: { color: '#f26822', sign: 'ɱ' },
  LTC: { color: '#345d9d', sign: 'Ł' },
};

/** A round coin badge. Decorative: the coin's name is always written next to it. */
export function CoinIcon({ code, size = 36 }: { code: string; size?: number }) {
  const badge = COIN_BADGES[code.toUpperCase()] ?? { color: 'gray', sign: code.slice(0, 1) };
  return (
    <ThemeIcon
      color={badge.color}
      radius="xl"
      size={size}
      aria-hidden="true"
      fz={Math.round(size * 0.5)}
      fw={700}
    >
      {badge.sign}
    </ThemeIcon>
  );
}
