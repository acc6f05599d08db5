import { parseDecimal } from '@app/contract';
import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimalString } from '@/features/catalogue';
import { useLocale } from '@/shared/i18n/locale-context';
import classes from './calculator.module.css';
import { IconTrendDown, IconTrendUp } from '@/shared/ui/icons';

type PriceSummaryProps = {
  /** Price of one BTC in the currency, the exact rate string the converter uses. */
  price: string;
  currencyCode: string;
  precision: number;
  /** Change over 24 hours in percent (`-1.25`); undefined while it loads, null when unavailable. */
  change24h: string | null | undefined;
};

function ChangeBadge({ value }: { value: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const units = parseDecimal(value).units;
  const sign = units > 0n ? '+' : units < 0n ? '−' : '';
  const magnitude = formatDecimalString(value.replace(/^-/, ''), locale, { minFraction: 2, maxFraction: 2 });
  const percent = t('catalogue.calculator.price.percent', { value: `${sign}${magnitude}` });
  return (
    <Badge
      variant="light"
      color={units > 0n ? 'teal' : units < 0n ? 'red' : 'gray'}
      size="lg"
      radius="sm"
      leftSection={
        units > 0n ? (
          <IconTrendUp size={16} stroke={2} />
        ) : units < 0n ? (
          <IconTrendDown size={16} stroke={2} />
        ) : null
      }
      className={classes.numeric}
      tt="none"
      data-testid="calculator-change-24h"
    >
      {t('catalogue.calculator.price.change24h', { value: percent })}
    </Badge>
  );
}

/** The last BTC price in the currency, large, with its 24-hour change. */
export function PriceSummary({ price, currencyCode, precision, change24h }: PriceSummaryProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed" fw={500}>
        {t('catalogue.calculator.price.label', { currency: currencyCode })}
      </Text>
      <Group gap={8} align="baseline" wrap="nowrap">
        <Text component="span" className={classes.price} data-testid="calculator-last-price">
          {formatDecimalString(price, locale, { minFraction: precision, maxFraction: precision })}
        </Text>
        <Text component="span" className={classes.unit}>
          {currencyCode}
        </Text>
      </Group>
      {change24h === undefined ? (
        <Skeleton h={26} w={140} radius="sm" />
      ) : change24h === null ? null : (
        <ChangeBadge value={change24h} />
      )}
    </Stack>
  );
}
