import type { OfferView } from '@app/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';
import { hoursByDay, isOpenAt, weekDayName, WEEK_DAYS, zonedDayAndMinute } from '../utils/opening-hours';
import classes from './offer.module.css';

type OpeningHoursProps = {
  hours: OfferView['dutyHours'];
  timeZone: string;
  /** The moment "open now" is decided for (the page passes its clock). */
  now: Date;
};

/**
 * The owner's opening hours (spec: duty hours, already merged by the server by the spec's rule), per week
 * day in the offer's own timezone, and whether the offer is open at this moment there.
 */
export function OpeningHours({ hours, timeZone, now }: OpeningHoursProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const open = isOpenAt(hours, timeZone, now);
  const today = zonedDayAndMinute(now, timeZone).day;
  const byDay = hoursByDay(hours);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="opening-hours">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {t('offer.hours.title')}
          </Title>
          <Badge color={open ? 'teal' : 'gray'} variant="light" data-testid="open-now">
            {open ? t('offer.hours.openNow') : t('offer.hours.closedNow')}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('offer.hours.timezone', { timeZone })}
        </Text>
        {hours.length === 0 ? (
          <Text size="sm">{t('offer.hours.always')}</Text>
        ) : (
          <Stack gap={4}>
            {WEEK_DAYS.map((day) => {
              const ranges = byDay.get(day) ?? [];
              return (
                <div key={day} className={classes.hoursRow} data-testid={`hours-day-${day}`}>
                  <Text size="sm" className={day === today ? classes.today : undefined} tt="capitalize">
                    {weekDayName(day, locale)}
                  </Text>
                  <Text
                    size="sm"
                    className={classes.numeric}
                    c={ranges.some((r) => r.active) ? undefined : 'dimmed'}
                  >
                    {ranges.length === 0
                      ? t('offer.hours.closed')
                      : ranges
                          .map((r) =>
                            r.active
                              ? `${r.start_time}–${r.end_time}`
                              : t('offer.hours.inactiveRange', { start: r.start_time, end: r.end_time }),
                          )
                          .join(', ')}
                  </Text>
                </div>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
