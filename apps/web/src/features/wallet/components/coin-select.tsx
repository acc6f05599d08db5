import { Group, Select, Text, type SelectProps } from '@mantine/core';
import type { WalletCoin } from '../hooks/use-wallet-coins';
import { CoinIcon } from './coin-icon';

export const ALL_COINS = 'all';

type CoinSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  coins: readonly WalletCoin[];
  value: string | null;
  onChange: (code: string) => void;
  /** Adds a first option meaning "every coin", with this label (value `ALL_COINS`). */
  allLabel?: string;
};

/** Picks a coin of the wallet: "Bitcoin (BTC)" with its badge. */
export function CoinSelect({ coins, value, onChange, allLabel, ...props }: CoinSelectProps) {
  const data = [
    ...(allLabel ? [{ value: ALL_COINS, label: allLabel }] : []),
    ...coins.map((coin) => ({
      value: coin.cryptoCurrencyCode,
      label: `${coin.name} (${coin.cryptoCurrencyCode})`,
    })),
  ];
  const selected = value ?? (allLabel ? ALL_COINS : null);
  return (
    <Select
      data={data}
      value={selected}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      allowDeselect={false}
      checkIconPosition="right"
      leftSection={selected && selected !== ALL_COINS ? <CoinIcon code={selected} size={22} /> : undefined}
      renderOption={({ option }) => (
        <Group gap="sm" wrap="nowrap">
          {option.value === ALL_COINS ? null : <CoinIcon code={option.value} size={22} />}
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      {...props}
    />
  );
}
