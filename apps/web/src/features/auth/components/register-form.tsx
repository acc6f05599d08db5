import {
  registerBodySchema,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  type CurrentUser,
  type RegisterBody,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError, useApiErrorText } from '@/shared/api';
import { applyServerFieldErrors, translateFieldError } from '@/shared/forms/field-errors';
import { IconAlertCircle } from '@/shared/ui/icons';
import { useRegister } from '../api/register';
import { meetsPasswordRules, PasswordRules } from './password-rules';

const FIELDS = ['username', 'email', 'password'] as const;

/**
 * Create an account: validated with the contract's own schema in the browser, then by the server, whose
 * 422 details (e.g. "username taken") are shown on the matching fields.
 */
export function RegisterForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const { t } = useTranslation();
  const mutation = useRegister();
  const errorText = useApiErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<z.input<typeof registerBodySchema>, unknown, RegisterBody>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { username: '', email: '', password: '' },
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' });
  // An unmet strength rule is already listed (in red) under the field; the field itself says so once.
  const passwordError = errors.password
    ? meetsPasswordRules(password)
      ? translateFieldError(t, errors.password)
      : t('validation.passwordWeak')
    : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await mutation.mutateAsync(values);
      onSuccess(user);
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        const unmatched = applyServerFieldErrors(error, setError, FIELDS);
        if (unmatched.length > 0) setFormError(t('validation.checkForm'));
        return;
      }
      // Sign-ups are limited per network: say how long to wait (Retry-After).
      setFormError(
        isApiError(error) && error.status === 429 ? errorText(error) : t('common.unexpectedError'),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.register.formLabel')}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="form-error">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth.register.usernameLabel')}
          description={t('auth.register.usernameHint', {
            min: USERNAME_MIN_LENGTH,
            max: USERNAME_MAX_LENGTH,
          })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={translateFieldError(t, errors.username)}
          {...register('username')}
        />
        <TextInput
          label={t('auth.register.emailLabel')}
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          error={translateFieldError(t, errors.email)}
          {...register('email')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          label={t('auth.register.passwordLabel')}
          autoComplete="new-password"
          required
          // PasswordInput does not set aria-invalid itself; the rule list follows the field directly.
          aria-invalid={errors.password ? true : undefined}
          error={passwordError}
          {...register('password')}
        />
        <PasswordRules value={password} showErrors={isSubmitted || Boolean(errors.password)} />
        <Button type="submit" size="md" fullWidth loading={isSubmitting} mt="xs">
          {t('auth.register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
