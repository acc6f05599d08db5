import type { Currency } from '@app/contract';
import { Group, Select, Text, type ComboboxData, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../api/get-currencies';
import { createOptionsFilter } from '../utils/search';
import { usePickerStatus } from './picker-status';
import { SelectedMark } from './selected-mark';

type ManagedSelectProps = 'data' | 'value' | 'defaultValue' | 'onChange' | 'renderOption' | 'filter';

export type FiatCurrencyPickerProps = Omit<SelectProps, ManagedSelectProps> & {
  /** The selected currency's ISO 4217 code (`EUR`), or null. */
  value: string | null;
  onChange: (code: string | null, currency: Currency | null) => void;
  /** Offer only these codes (for instance the currencies the calculator has a rate for). */
  codes?: readonly string[];
  /** Also offer the precious metals XAU, XAG, XPT, XPD. @default false */
  includeNonCurrency?: boolean;
};

/**
 * Picks a fiat currency: popular ones first, then the rest; searchable by code and by name (localized or
 * English, accents ignored). Names come in the page's language.
 */
export function FiatCurrencyPicker({
  value,
  onChange,
  codes,
  includeNonCurrency = false,
  label,
  placeholder,
  error,
  disabled,
  searchable = true,
  ...rest
}: FiatCurrencyPickerProps) {
  const { t } = useTranslation();
  const query = useCurrencies();

  const { currencies, popular } = useMemo(() => {
    const allowed = (currency: Currency) =>
      (includeNonCurrency || !currency.isNonCurrency) && (!codes || codes.includes(currency.code));
    return {
      currencies: (query.data?.currencies ?? []).filter(allowed),
      popular: (query.data?.popular ?? []).filter(allowed),
    };
  }, [query.data, codes, includeNonCurrency]);
  const byCode = useMemo(
    () => new Map(currencies.map((currency) => [currency.code, currency])),
    [currencies],
  );

  const data = useMemo((): ComboboxData => {
    const item = (currency: Currency) => ({
      value: currency.code,
      label: `${currency.code} · ${currency.name.localized}`,
    });
    const popularCodes = new Set(popular.map((currency) => currency.code));
    const others = currencies.filter((currency) => !popularCodes.has(currency.code)).map(item);
    if (popular.length === 0) return others;
    return [
      { group: t('catalogue.pickers.currency.popular'), items: popular.map(item) },
      ...(others.length > 0 ? [{ group: t('catalogue.pickers.currency.all'), items: others }] : []),
    ];
  }, [currencies, popular, t]);

  const filter = useMemo(
    () =>
      createOptionsFilter((code) => {
        const currency = byCode.get(code);
        return currency && { primary: code, others: [currency.name.localized, currency.name.original] };
      }),
    [byCode],
  );

  const status = usePickerStatus(query, {
    isEmpty: currencies.length === 0,
    emptyText: t('catalogue.pickers.currency.empty'),
    placeholder: placeholder ?? t('catalogue.pickers.currency.placeholder'),
    error,
    disabled,
  });

  return (
    <Select
      label={label ?? t('catalogue.pickers.currency.label')}
      allowDeselect={false}
      maxDropdownHeight={320}
      nothingFoundMessage={t('catalogue.pickers.nothingFound')}
      searchable={searchable}
      {...rest}
      {...status}
      data={data}
      filter={filter}
      value={value}
      onChange={(code) => onChange(code, code ? (byCode.get(code) ?? null) : null)}
      renderOption={({ option, checked }) => (
        <Group gap="sm" wrap="nowrap" w="100%">
          <Text fw={600} size="sm" miw={40}>
            {option.value}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {byCode.get(option.value)?.name.localized}
          </Text>
          {checked ? <SelectedMark /> : null}
        </Group>
      )}
    />
  );
}
