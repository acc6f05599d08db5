import { Input, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type SwitchProps<T extends string> = {
  /** The label's id, unique on the page (the wizard and every quick-edit panel have one each). */
  labelId: string;
  value: T;
  /** The new mode; the caller clears the errors of the fields the switch hides. */
  onChange: (value: T) => void;
};

function ModeSwitch<T extends string>({
  label,
  labelId,
  value,
  options,
  onChange,
}: SwitchProps<T> & { label: string; options: readonly { value: T; label: string }[] }) {
  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }}>
      <SegmentedControl
        mt={4}
        fullWidth
        aria-labelledby={labelId}
        value={value}
        onChange={(chosen) => {
          const option = options.find((candidate) => candidate.value === chosen);
          if (option) onChange(option.value);
        }}
        data={[...options]}
      />
    </Input.Wrapper>
  );
}

/** Margin over the market or a fixed price: the offer wizard's and the quick edit's price mode. */
export function PriceModeSwitch(props: SwitchProps<'margin' | 'fixed'>) {
  const { t } = useTranslation();
  return (
    <ModeSwitch
      {...props}
      label={t('offerManager.pricing.priceMode')}
      options={[
        { value: 'margin', label: t('offerManager.pricing.marginMode') },
        { value: 'fixed', label: t('offerManager.pricing.fixedMode') },
      ]}
    />
  );
}

/** A range or predefined amounts: the offer wizard's and the quick edit's amount mode. */
export function AmountModeSwitch(props: SwitchProps<'min_max' | 'predefined'>) {
  const { t } = useTranslation();
  return (
    <ModeSwitch
      {...props}
      label={t('offerManager.amounts.mode')}
      options={[
        { value: 'min_max', label: t('offerManager.amounts.range') },
        { value: 'predefined', label: t('offerManager.amounts.predefined') },
      ]}
    />
  );
}
