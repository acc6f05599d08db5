import { Checkbox, Switch, type CheckboxProps, type SwitchProps } from '@mantine/core';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A Switch / Checkbox bound to a boolean form field. (Mantine draws its own control from `checked`, so
 * the field is controlled; react-hook-form's `register` would only set the hidden input.)
 */
export function FormSwitch<T extends FieldValues>({
  name,
  ...rest
}: Omit<SwitchProps, 'checked' | 'onChange' | 'name'> & { name: FieldPath<T> }) {
  const {
    field: { ref, value, onChange, onBlur },
  } = useController<T>({ name });
  return (
    <Switch
      {...rest}
      ref={ref}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}

export function FormCheckbox<T extends FieldValues>({
  name,
  ...rest
}: Omit<CheckboxProps, 'checked' | 'onChange' | 'name'> & { name: FieldPath<T> }) {
  const {
    field: { ref, value, onChange, onBlur },
  } = useController<T>({ name });
  return (
    <Checkbox
      {...rest}
      ref={ref}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}
