import { PasswordInput, Stack } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { meetsPasswordRules, PasswordRules } from '@/features/auth/components/password-rules';
import { translateFieldError, type FieldErrorLike } from '@/shared/forms/field-errors';

/**
 * A new password with the contract's rules listed under it as the user types (the change and reset
 * forms). An unmet rule is shown in the list; the field itself says "too weak" once.
 */
export function NewPasswordInput({
  value,
  error,
  showErrors,
  label,
  ...input
}: Omit<ComponentPropsWithoutRef<typeof PasswordInput>, 'error' | 'value'> & {
  value: string;
  error: FieldErrorLike;
  showErrors: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const message = error
    ? meetsPasswordRules(value)
      ? translateFieldError(t, error)
      : t('validation.passwordWeak')
    : undefined;
  return (
    <Stack gap={6}>
      <PasswordInput
        {...input}
        label={label}
        autoComplete="new-password"
        error={message}
        visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
      />
      <PasswordRules value={value} showErrors={showErrors} />
    </Stack>
  );
}
