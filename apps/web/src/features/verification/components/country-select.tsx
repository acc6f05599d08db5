import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerificationCountries } from '../api/countries';

type CountrySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** ISO 3166-1 alpha-3, as the start calls take it; '' for none. */
  value: string;
  onChange: (iso3: string) => void;
};

/**
 * The countries identity verification is offered for (`supported-countries`, named in the page's
 * language), searchable by the local or the original name and by the two- or three-letter code.
 */
export function CountrySelect({
  value,
  onChange,
  placeholder,
  error,
  disabled,
  ...rest
}: CountrySelectProps) {
  const { t } = useTranslation();
  const query = useVerificationCountries();
  const countries = useMemo(() => query.data?.countries ?? [], [query.data]);
  const data: ComboboxItem[] = countries.map((c) => ({ value: c.iso3, label: c.name.localized }));
  const filter = useMemo<OptionsFilter>(() => {
    const words = new Map(
      countries.map((c) => [
        c.iso3,
        [c.name.localized, c.name.original, c.iso, c.iso3].join(' ').toLowerCase(),
      ]),
    );
    return ({ options, search }) => {
      const needle = search.trim().toLowerCase();
      if (!needle) return options;
      return (options as ComboboxItem[]).filter((option) => words.get(option.value)?.includes(needle));
    };
  }, [countries]);
  return (
    <Select
      {...rest}
      data={data}
      value={value || null}
      onChange={(iso3) => onChange(iso3 ?? '')}
      filter={filter}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('verification.form.noCountry')}
      placeholder={
        query.isPending ? t('common.loading') : (placeholder ?? t('verification.form.countryPlaceholder'))
      }
      disabled={disabled || query.isPending}
      error={error ?? (query.isError ? t('verification.form.countriesError') : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
