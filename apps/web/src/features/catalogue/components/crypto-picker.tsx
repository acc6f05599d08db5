import type { CryptoCurrency } from '@app/contract';
import { Group, Select, Text, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCryptoCurrencies } from '../api/get-crypto-currencies';
import { CryptoIcon } from './crypto-icon';
import { usePickerStatus } from './picker-status';
import { SelectedMark } from './selected-mark';

type ManagedSelectProps = 'data' | 'value' | 'defaultValue' | 'onChange' | 'renderOption' | 'searchable';

export type CryptoPickerProps = Omit<SelectProps, ManagedSelectProps> & {
  /** The selected coin's code (`BTC`), or null. */
  value: string | null;
  onChange: (code: string | null, crypto: CryptoCurrency | null) => void;
  /** Offer only these codes (the coins a page supports). */
  codes?: readonly string[];
  /** Also offer coins that are blocked. @default false */
  includeBlocked?: boolean;
};

/** Picks a crypto currency: icon, code and name, in the order the API lists them. */
export function CryptoPicker({
  value,
  onChange,
  codes,
  includeBlocked = false,
  label,
  placeholder,
  error,
  disabled,
  ...rest
}: CryptoPickerProps) {
  const { t } = useTranslation();
  const query = useCryptoCurrencies();
  const cryptos = useMemo(
    () =>
      (query.data?.cryptoCurrencies ?? []).filter(
        (crypto) => (includeBlocked || !crypto.isBlocked) && (!codes || codes.includes(crypto.code)),
      ),
    [query.data, codes, includeBlocked],
  );
  const byCode = useMemo(() => new Map(cryptos.map((crypto) => [crypto.code, crypto])), [cryptos]);
  const options: ComboboxItem[] = cryptos.map((crypto) => ({
    value: crypto.code,
    label: `${crypto.code} · ${crypto.fullName}`,
  }));
  const status = usePickerStatus(query, {
    isEmpty: cryptos.length === 0,
    emptyText: t('catalogue.pickers.crypto.empty'),
    placeholder: placeholder ?? t('catalogue.pickers.crypto.placeholder'),
    error,
    disabled,
  });
  const selected = value ? byCode.get(value) : undefined;

  return (
    <Select
      label={label ?? t('catalogue.pickers.crypto.label')}
      allowDeselect={false}
      {...rest}
      {...status}
      data={options}
      value={value}
      onChange={(code) => onChange(code, code ? (byCode.get(code) ?? null) : null)}
      leftSection={selected ? <CryptoIcon icon={selected.icon} /> : undefined}
      renderOption={({ option, checked }) => {
        const crypto = byCode.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap" w="100%">
            <CryptoIcon icon={crypto?.icon ?? option.value} />
            <Text fw={600} size="sm" miw={44}>
              {option.value}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {crypto?.fullName}
            </Text>
            {checked ? <SelectedMark /> : null}
          </Group>
        );
      }}
    />
  );
}
