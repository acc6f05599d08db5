import type { PaymentMethodGroup, PaymentMethodShort } from '@app/contract';
import { ALL_PAYMENT_METHODS_GROUP_ID } from '@app/contract';
import { Group, Select, Text, type ComboboxData, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentMethodGroups } from '../api/get-payment-method-groups';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useCatalogueNames } from '../hooks/use-catalogue-names';
import { paymentMethodIconUrl } from '../utils/payment-method-icon';
import { createOptionsFilter } from '../utils/search';
import { usePickerStatus } from './picker-status';
import { SelectedMark } from './selected-mark';

type ManagedSelectProps = 'data' | 'value' | 'defaultValue' | 'onChange' | 'renderOption' | 'filter';

export type PaymentMethodPickerProps = Omit<SelectProps, ManagedSelectProps> & {
  /** The selected method's slug (`paypal`), or null. */
  value: string | null;
  onChange: (slug: string | null, method: PaymentMethodShort | null) => void;
  /** Offer only the methods of one group (its slug or id); `all-payment-methods` means every method. */
  group?: string | number | null;
};

function PaymentMethodIcon({ iconName }: { iconName: string }) {
  return (
    <img
      src={paymentMethodIconUrl(iconName)}
      alt=""
      width={20}
      height={20}
      loading="lazy"
      style={{ borderRadius: 5, flex: '0 0 auto' }}
    />
  );
}

function groupMatches(group: PaymentMethodGroup, wanted: string | number): boolean {
  return typeof wanted === 'number'
    ? group.id === wanted
    : group.slug === wanted || String(group.id) === wanted;
}

/**
 * Picks a payment method: options grouped by payment method group (in the groups' order), each with its
 * icon; searchable by localized name, English name and slug.
 */
export function PaymentMethodPicker({
  value,
  onChange,
  group,
  label,
  placeholder,
  error,
  disabled,
  searchable = true,
  ...rest
}: PaymentMethodPickerProps) {
  const { t } = useTranslation();
  const methodsQuery = usePaymentMethods();
  const groupsQuery = usePaymentMethodGroups();
  const names = useCatalogueNames();

  const { data, bySlug } = useMemo(() => {
    const methods = methodsQuery.data ?? [];
    const groups = [...(groupsQuery.data ?? [])]
      .filter((entry) => entry.id !== ALL_PAYMENT_METHODS_GROUP_ID)
      .sort((a, b) => a.order - b.order);
    const wanted =
      group === undefined || group === null || group === 'all-payment-methods' || group === 0
        ? null
        : groups.find((entry) => groupMatches(entry, group));
    const shown = wanted === null ? methods : methods.filter((m) => m.paymentMethodGroupId === wanted?.id);
    const item = (method: PaymentMethodShort) => ({ value: method.slug, label: method.name.localized });
    const known = new Set(groups.map((entry) => entry.id));
    const grouped: ComboboxData = groups
      .map((entry) => ({
        group: names.group(entry.slug, entry.name.localized),
        items: shown.filter((method) => method.paymentMethodGroupId === entry.id).map(item),
      }))
      .filter((entry) => entry.items.length > 0);
    const orphans = shown.filter((method) => !known.has(method.paymentMethodGroupId)).map(item);
    return {
      data:
        orphans.length > 0
          ? [...grouped, { group: t('catalogue.pickers.paymentMethod.other'), items: orphans }]
          : grouped,
      bySlug: new Map(shown.map((method) => [method.slug, method])),
    };
  }, [methodsQuery.data, groupsQuery.data, group, t, names]);

  const filter = useMemo(
    () =>
      createOptionsFilter((slug) => {
        const method = bySlug.get(slug);
        return method && { primary: method.name.localized, others: [method.name.original, slug] };
      }),
    [bySlug],
  );

  const status = usePickerStatus(
    {
      data: methodsQuery.data && groupsQuery.data ? bySlug : undefined,
      isPending: methodsQuery.isPending || groupsQuery.isPending,
      isError: methodsQuery.isError || groupsQuery.isError,
      refetch: () => Promise.all([methodsQuery.refetch(), groupsQuery.refetch()]),
    },
    {
      isEmpty: bySlug.size === 0,
      emptyText: t('catalogue.pickers.paymentMethod.empty'),
      placeholder: placeholder ?? t('catalogue.pickers.paymentMethod.placeholder'),
      error,
      disabled,
    },
  );
  const selected = value ? bySlug.get(value) : undefined;

  return (
    <Select
      label={label ?? t('catalogue.pickers.paymentMethod.label')}
      allowDeselect={false}
      maxDropdownHeight={340}
      nothingFoundMessage={t('catalogue.pickers.nothingFound')}
      searchable={searchable}
      {...rest}
      {...status}
      data={data}
      filter={filter}
      value={value}
      onChange={(slug) => onChange(slug, slug ? (bySlug.get(slug) ?? null) : null)}
      leftSection={selected ? <PaymentMethodIcon iconName={selected.iconName} /> : undefined}
      renderOption={({ option, checked }) => {
        const method = bySlug.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap" w="100%">
            {method ? <PaymentMethodIcon iconName={method.iconName} /> : null}
            <Text size="sm" truncate>
              {option.label}
            </Text>
            {checked ? <SelectedMark /> : null}
          </Group>
        );
      }}
    />
  );
}
