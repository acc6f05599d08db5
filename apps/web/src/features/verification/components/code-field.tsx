import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';

/** The codes the server mails and texts: six digits. */
export const CODE_LENGTH = 6;

/**
 * Where a mailed or texted code is typed: digits only (spaces and dashes of a pasted code dropped), six at
 * most, the phone's keypad and its "code from messages" suggestion.
 */
export function CodeField({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (digits: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('verification.code.label')}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
    />
  );
}

/** A refused code in words: the field's reason (wrong, expired...), the attempts used up, or the error. */
export function useCodeErrorText(field: string) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  return (error: unknown): string => {
    const detail = isApiError(error) ? error.details.find((d) => d.field === field) : undefined;
    if (detail) {
      return t(`verification.code.${detail.code as 'invalid_code'}`, { defaultValue: detail.message });
    }
    if (isApiError(error) && error.code === 'TOO_MANY_ATTEMPTS') return t('verification.code.exhausted');
    return errorText(error);
  };
}
