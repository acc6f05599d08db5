import type { Country } from '@app/contract';
import { WORLDWIDE_COUNTRY } from '@app/contract';
import { Group, Select, Text, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLanguage } from '@/shared/ui/icons';
import { useCountries } from '../api/get-countries';
import { createOptionsFilter } from '../utils/search';
import { usePickerStatus } from './picker-status';
import { SelectedMark } from './selected-mark';

type ManagedSelectProps = 'data' | 'value' | 'defaultValue' | 'onChange' | 'renderOption' | 'filter';

export type CountryPickerProps = Omit<SelectProps, ManagedSelectProps> & {
  /** The selected country's ISO 3166 alpha-2 code (`DE`), `WORLDWIDE`, or null. */
  value: string | null;
  onChange: (iso: string | null, country: Country | null) => void;
  /** Offer the WORLDWIDE pseudo-country ("any country") first. @default false */
  withWorldwide?: boolean;
  /** Offer only countries where identity verification is supported. @default false */
  kycOnly?: boolean;
};

/** The ISO code in a fixed-width box (flags as emoji do not render on every system); a globe for WORLDWIDE. */
function IsoBadge({ iso }: { iso: string }) {
  return (
    <Text
      component="span"
      size="xs"
      fw={600}
      c="dimmed"
      ff="monospace"
      w={28}
      ta="center"
      style={{ flex: '0 0 auto' }}
      aria-hidden
    >
      {iso === WORLDWIDE_COUNTRY.iso ? <IconLanguage size={15} style={{ verticalAlign: '-3px' }} /> : iso}
    </Text>
  );
}

/** Picks a country by localized name, English name or ISO code; optionally with WORLDWIDE first. */
export function CountryPicker({
  value,
  onChange,
  withWorldwide = false,
  kycOnly = false,
  label,
  placeholder,
  error,
  disabled,
  searchable = true,
  ...rest
}: CountryPickerProps) {
  const { t } = useTranslation();
  const query = useCountries();
  const countries = useMemo(
    () =>
      (query.data ?? []).filter((country) =>
        country.iso === WORLDWIDE_COUNTRY.iso ? withWorldwide : !kycOnly || country.isKycSupported,
      ),
    [query.data, withWorldwide, kycOnly],
  );
  const byIso = useMemo(() => new Map(countries.map((country) => [country.iso, country])), [countries]);
  const options: ComboboxItem[] = countries.map((country) => ({ value: country.iso, label: country.name }));
  const filter = useMemo(
    () =>
      createOptionsFilter((iso) => {
        const country = byIso.get(iso);
        return country && { primary: country.name, others: [country.originalName, iso, country.code] };
      }),
    [byIso],
  );
  const status = usePickerStatus(query, {
    isEmpty: countries.length === 0,
    emptyText: t('catalogue.pickers.country.empty'),
    placeholder: placeholder ?? t('catalogue.pickers.country.placeholder'),
    error,
    disabled,
  });
  const selected = value ? byIso.get(value) : undefined;

  return (
    <Select
      label={label ?? t('catalogue.pickers.country.label')}
      allowDeselect={false}
      maxDropdownHeight={320}
      nothingFoundMessage={t('catalogue.pickers.nothingFound')}
      searchable={searchable}
      {...rest}
      {...status}
      data={options}
      filter={filter}
      value={value}
      onChange={(iso) => onChange(iso, iso ? (byIso.get(iso) ?? null) : null)}
      leftSection={selected ? <IsoBadge iso={selected.iso} /> : undefined}
      renderOption={({ option, checked }) => (
        <Group gap="sm" wrap="nowrap" w="100%">
          <IsoBadge iso={option.value} />
          <Text size="sm" truncate>
            {option.label}
          </Text>
          {checked ? <SelectedMark /> : null}
        </Group>
      )}
    />
  );
}
