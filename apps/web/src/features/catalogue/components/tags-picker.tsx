import type { Tag } from '@app/contract';
import { MultiSelect, Stack, Text, type ComboboxItem, type MultiSelectProps } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTags } from '../api/get-tags';
import { useCatalogueNames } from '../hooks/use-catalogue-names';
import { createOptionsFilter } from '../utils/search';
import { usePickerStatus } from './picker-status';

type ManagedSelectProps = 'data' | 'value' | 'defaultValue' | 'onChange' | 'renderOption' | 'filter';

export type TagsPickerProps = Omit<MultiSelectProps, ManagedSelectProps> & {
  /** Selected tag slugs. */
  value: string[];
  onChange: (slugs: string[], tags: Tag[]) => void;
  /** Only tags that fit this payment method (slug or id). */
  paymentMethod?: string | null;
  /** Only tags that fit this payment method group (slug or id). */
  group?: string | null;
};

/**
 * Picks offer tags, limited to those that fit the chosen payment method and/or group. When that choice
 * changes, selected tags that no longer fit are dropped (through `onChange`), so a form never submits a
 * tag the server would refuse.
 */
export function TagsPicker({
  value,
  onChange,
  paymentMethod,
  group,
  label,
  placeholder,
  error,
  disabled,
  searchable = true,
  ...rest
}: TagsPickerProps) {
  const { t } = useTranslation();
  const query = useTags({ paymentMethod, group });
  const tags = useMemo(() => query.data ?? [], [query.data]);
  const bySlug = useMemo(() => new Map(tags.map((tag) => [tag.slug, tag])), [tags]);
  const names = useCatalogueNames();
  const options: ComboboxItem[] = tags.map((tag) => ({
    value: tag.slug,
    label: names.tag(tag.slug, tag.name.localized),
  }));
  const filter = useMemo(
    () =>
      createOptionsFilter((slug) => {
        const tag = bySlug.get(slug);
        return (
          tag && {
            primary: names.tag(slug, tag.name.localized),
            others: [tag.name.localized, tag.name.original, slug],
          }
        );
      }),
    [bySlug, names],
  );

  const settled = query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (!settled) return;
    const kept = value.filter((slug) => bySlug.has(slug));
    if (kept.length !== value.length) {
      onChange(
        kept,
        kept.flatMap((slug) => bySlug.get(slug) ?? []),
      );
    }
  }, [settled, bySlug, value, onChange]);

  const status = usePickerStatus(query, {
    isEmpty: tags.length === 0,
    emptyText: t('catalogue.pickers.tags.empty'),
    placeholder: placeholder ?? t('catalogue.pickers.tags.placeholder'),
    error,
    disabled,
  });

  return (
    <MultiSelect
      label={label ?? t('catalogue.pickers.tags.label')}
      maxDropdownHeight={320}
      nothingFoundMessage={t('catalogue.pickers.nothingFound')}
      searchable={searchable}
      hidePickedOptions
      clearable
      {...rest}
      {...status}
      // The placeholder only makes sense while nothing is picked.
      placeholder={value.length > 0 ? undefined : status.placeholder}
      data={options}
      filter={filter}
      value={value.filter((slug) => bySlug.has(slug) || !settled)}
      onChange={(slugs) =>
        onChange(
          slugs,
          slugs.flatMap((slug) => bySlug.get(slug) ?? []),
        )
      }
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {bySlug.get(option.value)?.description.localized}
          </Text>
        </Stack>
      )}
    />
  );
}
