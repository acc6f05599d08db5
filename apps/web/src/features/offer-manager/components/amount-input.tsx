import { TextInput, type TextInputProps } from '@mantine/core';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { numericClass } from '@/shared/ui/numeric';
import { sanitizeAmountInput, sanitizeMarginInput } from '../utils/price';

type AmountInputProps<T extends FieldValues> = Omit<TextInputProps, 'value' | 'onChange' | 'name'> & {
  name: FieldPath<T>;
  /** `margin` also takes a leading minus sign. @default 'amount' */
  kind?: 'amount' | 'margin';
};

/**
 * A text field for an amount (spec: digits with an optional single decimal point, or empty): other
 * keystrokes are refused, a comma becomes the point. The value stays a string, so no float touches it.
 */
export function AmountInput<T extends FieldValues>({ name, kind = 'amount', ...rest }: AmountInputProps<T>) {
  const {
    field: { ref, name: fieldName, value, onBlur, onChange },
  } = useController<T>({ name });
  const sanitize = kind === 'margin' ? sanitizeMarginInput : sanitizeAmountInput;
  return (
    <TextInput
      // The app's text inputs default to md; the editor's selects and pickers are sm, and so are these.
      size="sm"
      inputMode="decimal"
      autoComplete="off"
      classNames={{ input: numericClass }}
      {...rest}
      ref={ref}
      name={fieldName}
      value={typeof value === 'string' ? value : ''}
      onBlur={onBlur}
      onChange={(event) => {
        const next = sanitize(event.currentTarget.value);
        if (next !== null) onChange(next);
      }}
    />
  );
}
