import { mergeOpeningHours, minutesOf, timeOf } from '@app/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMemo } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';
import { IconX } from '@/shared/ui/icons';
import { useOfferFieldError } from '../hooks/use-offer-field-error';
import { FormSwitch } from './form-toggles';
import type { OfferFormValues } from '../utils/offer-form';

const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Half-hour steps from 00:00 to 24:00 (the contract takes any minute; these cover real opening hours). */
const HALF_HOURS = Array.from({ length: 49 }, (_, index) => timeOf(index * 30));

/** Monday..Sunday in the page's language (1 = Monday, as the spec numbers days). */
export function useWeekDayNames(): (day: number) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    const names = WEEK_DAYS.map((day) => format.format(new Date(Date.UTC(2024, 0, day))));
    return (day: number) => names[day - 1] ?? String(day);
  }, [locale]);
}

/** Every IANA zone this browser knows, UTC first. */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** The options of a time select: the half hours, plus the saved value when it is another minute. */
const timeOptions = (value: string) =>
  HALF_HOURS.includes(value)
    ? HALF_HOURS
    : [...HALF_HOURS, value].sort((a, b) => minutesOf(a) - minutesOf(b));

/**
 * Opening hours per weekday in the offer's time zone: ranges are added and removed per day, each can be
 * switched off, and the preview shows them merged by the spec's rule (contract `mergeOpeningHours`), the
 * way the server stores them and buyers see them. No ranges at all: the offer is always open.
 */
export function OpeningHoursEditor() {
  const { t } = useTranslation();
  const dayName = useWeekDayNames();
  const { control, register } = useFormContext<OfferFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'opening_hours' });
  const hours = useWatch({ control, name: 'opening_hours' });
  const timezone = useController({ control, name: 'timezone' });
  const error = useOfferFieldError<OfferFormValues>(null);
  const zones = useMemo(() => timeZones(), []);
  const zoneOptions = zones.includes(timezone.field.value) ? zones : [timezone.field.value, ...zones];
  const merged = mergeOpeningHours(hours.filter((hour) => hour.start_time < hour.end_time));

  return (
    <Stack gap="md">
      <Select
        label={t('offerManager.hours.timezone')}
        description={t('offerManager.hours.timezoneHint')}
        data={zoneOptions}
        searchable
        allowDeselect={false}
        maxDropdownHeight={280}
        nothingFoundMessage={t('catalogue.pickers.nothingFound')}
        value={timezone.field.value}
        onChange={(zone) => timezone.field.onChange(zone ?? 'UTC')}
        error={error('timezone')}
        maw={360}
      />
      <Stack gap="xs" data-testid="opening-hours">
        {WEEK_DAYS.map((day) => {
          const ranges = fields
            .map((field, index) => ({ field, index }))
            .filter(({ field }) => field.day === day);
          return (
            <Paper key={day} withBorder p="xs" radius="md">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Text fw={600} size="sm" w={110} pt={6}>
                  {dayName(day)}
                </Text>
                <Stack gap={6} style={{ flex: '1 1 260px' }}>
                  {ranges.length === 0 ? (
                    <Text size="sm" c="dimmed" pt={6}>
                      {t('offerManager.hours.noRanges')}
                    </Text>
                  ) : null}
                  {ranges.map(({ field, index }) => {
                    const start = hours[index]?.start_time ?? field.start_time;
                    const end = hours[index]?.end_time ?? field.end_time;
                    return (
                      <Group key={field.id} gap="xs" wrap="nowrap" align="flex-start">
                        <NativeSelect
                          aria-label={t('offerManager.hours.start', { day: dayName(day) })}
                          data={timeOptions(start)}
                          size="xs"
                          w={84}
                          {...register(`opening_hours.${index}.start_time`)}
                        />
                        <Text size="sm" pt={4}>
                          –
                        </Text>
                        <NativeSelect
                          aria-label={t('offerManager.hours.end', { day: dayName(day) })}
                          data={timeOptions(end)}
                          size="xs"
                          w={84}
                          error={error(`opening_hours.${index}.end_time`)}
                          {...register(`opening_hours.${index}.end_time`)}
                        />
                        <FormSwitch<OfferFormValues>
                          name={`opening_hours.${index}.active`}
                          size="xs"
                          mt={5}
                          label={t('offerManager.hours.active')}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          mt={2}
                          aria-label={t('offerManager.hours.remove', { day: dayName(day), start, end })}
                          onClick={() => remove(index)}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => append({ day, start_time: '09:00', end_time: '17:00', active: true })}
                  aria-label={t('offerManager.hours.addFor', { day: dayName(day) })}
                >
                  {t('offerManager.hours.add')}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Paper withBorder p="sm" radius="md" data-testid="opening-hours-preview">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
          {t('offerManager.hours.previewTitle', { timezone: timezone.field.value })}
        </Text>
        {merged.length === 0 ? (
          <Text size="sm">{t('offerManager.hours.alwaysOpen')}</Text>
        ) : (
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {WEEK_DAYS.map((day) => {
                const ranges = merged.filter((hour) => hour.day === day);
                return (
                  <Table.Tr key={day}>
                    <Table.Td w={120}>{dayName(day)}</Table.Td>
                    <Table.Td>
                      {ranges.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('offerManager.hours.closed')}
                        </Text>
                      ) : (
                        <Group gap={6}>
                          {ranges.map((hour) => (
                            <Badge
                              key={`${hour.start_time}-${hour.end_time}`}
                              variant={hour.active ? 'light' : 'outline'}
                              color={hour.active ? 'teal' : 'gray'}
                              tt="none"
                            >
                              {hour.start_time}–{hour.end_time}
                              {hour.active ? '' : ` · ${t('offerManager.hours.off')}`}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
