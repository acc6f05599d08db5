import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RANGE_BUTTONS, type RangeButton } from '../utils/chart-range';

type RangeButtonsProps = { value: RangeButton; onChange: (range: RangeButton) => void };

/** One button per chart span; the active one is pressed. */
export function RangeButtons({ value, onChange }: RangeButtonsProps) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('catalogue.calculator.chart.rangeLabel')}>
      <Button.Group>
        {RANGE_BUTTONS.map((range) => (
          <Button
            key={range}
            size="compact-sm"
            px="sm"
            variant={range === value ? 'filled' : 'default'}
            aria-pressed={range === value}
            title={t(`catalogue.calculator.chart.ranges.${range}.title`)}
            onClick={() => onChange(range)}
          >
            {t(`catalogue.calculator.chart.ranges.${range}.short`)}
          </Button>
        ))}
      </Button.Group>
    </div>
  );
}
