/**
 * Brand colour and mark of the coins we list; anything else gets a neutral disc with its initial. Marks
 * are plain letters (or drawn, for bitcoin): currency signs such as ₿ and ₮ are missing from many
 * system fonts and would show as empty boxes.
 */
const COINS: Record<string, { color: string; symbol: string }> = {
  btc: { color: '#f7931a', symbol: 'B' },
  eth: { color: '#627eea', symbol: 'Ξ' },
  usdt: { color: '#26a17b', symbol: 'T' },
  usdc: { color: '#2775ca', symbol: '$' },
  xmr: { color: '#ff6600', symbol: 'M' },
  ltc: { color: '#345d9d', symbol: 'Ł' },
};

type CryptoIconProps = {
  /** The coin's `icon` name from the API (`btc`), or its code. */
  icon: string;
  size?: number;
};

/**
 * A coin's round badge, drawn here: the API names an icon (`icon: "btc"`) but serves no image for coins.
 * Decorative: the code or name always sits next to it.
 */
export function CryptoIcon({ icon, size = 20 }: CryptoIconProps) {
  const key = icon.toLowerCase();
  const coin = COINS[key] ?? { color: '#868e96', symbol: key.slice(0, 1).toUpperCase() };
  const letter = (
    <text
      x="16"
      y="21.6"
      textAnchor="middle"
      fontSize="16.5"
      fontWeight="700"
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
      fill="#fff"
    >
      {coin.symbol}
    </text>
  );
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill={coin.color} />
      {key === 'btc' ? (
        // The bitcoin sign: a B leaning right, with two strokes through its top and bottom.
        <g transform="rotate(14 16 16)">
          {letter}
          <path
            d="M13.6 7.2v3.4M17.2 7.2v3.4M13.6 21.4v3.4M17.2 21.4v3.4"
            stroke="#fff"
            strokeWidth="1.9"
            strokeLinecap="round"
          />
        </g>
      ) : (
        letter
      )}
    </svg>
  );
}
