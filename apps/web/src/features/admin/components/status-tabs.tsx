import { SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The status tabs above a console queue. Side by side on wide screens; stacked on a phone, where three or
 * four statuses do not fit in one row in every language (Spanish at 320 px cut the last one off).
 */
export function StatusTabs<T extends string>({
  value,
  options,
  label,
  onChange,
}: {
  value: T;
  options: readonly T[];
  label: (value: T) => string;
  onChange: (value: T) => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <SegmentedControl
      value={value}
      onChange={(next) => onChange(next as T)}
      data={options.map((option) => ({ value: option, label: label(option) }))}
      orientation={narrow ? 'vertical' : 'horizontal'}
      fullWidth
    />
  );
}
