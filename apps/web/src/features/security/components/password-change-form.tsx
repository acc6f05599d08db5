import { passwordChangeBodySchema, type PasswordChangeBody } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { applyServerFieldErrors, translateFieldError } from '@/shared/forms/field-errors';
import { toast } from '@/shared/ui/toast';
import { useChangePassword } from '../api/security';
import { NewPasswordInput } from './new-password-input';
import { FormError } from '@/shared/ui/form-error';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** The password change: the current password, a new one meeting the rules; other sessions end. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<PasswordChangeBody>({
    resolver: zodResolver(passwordChangeBodySchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' }) ?? '';
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { endedSessions } = await change.mutateAsync(values);
      toast.success({ message: t('security.password.changed', { count: endedSessions }) });
      reset();
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        const unmatched = applyServerFieldErrors(error, setError, FIELDS);
        if (unmatched.length === 0) return;
      }
      setFailure(errorText(error));
    }
  });
  const serverCode = (field: (typeof FIELDS)[number]) =>
    errors[field]?.type === 'wrong_password' || errors[field]?.type === 'same_password'
      ? t(`security.password.${errors[field]!.type as 'wrong_password'}`)
      : undefined;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('security.password.title')}>
      <Stack gap="sm">
        <PasswordInput
          label={t('security.password.current')}
          autoComplete="current-password"
          {...register('currentPassword')}
          error={serverCode('currentPassword') ?? translateFieldError(t, errors.currentPassword)}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
        />
        <NewPasswordInput
          label={t('security.password.new')}
          value={newPassword}
          {...register('newPassword')}
          error={serverCode('newPassword') ? { message: serverCode('newPassword') } : errors.newPassword}
          showErrors={isSubmitted || Boolean(errors.newPassword)}
        />
        <FormError message={failure} />
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {t('security.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
