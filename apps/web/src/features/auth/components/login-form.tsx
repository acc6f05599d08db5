import { loginBodySchema, type CurrentUser, type LoginBody, type TwoFactorChallenge } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '@/shared/api';
import { applyServerFieldErrors, translateFieldError } from '@/shared/forms/field-errors';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { IconAlertCircle } from '@/shared/ui/icons';
import { LockedAccountNotice, lockedStateOf, type LockedState } from '@/features/account';
import { LoginSecondStep } from '@/features/two-factor/components/login-second-step';
import { isChallenge, useLogin } from '../api/login';
import { formatWait } from '../utils/format-wait';

const FIELDS = ['login', 'password'] as const;

/**
 * Log in with a username or e-mail and a password. Wrong credentials get one generic message (never
 * "no such user"), throttling says how long to wait, and 422 details land on their fields.
 */
export function LoginForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const forgotPath = useLocalizePath()('/password/forgot');
  const mutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [locked, setLocked] = useState<LockedState | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof loginBodySchema>, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { login: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setLocked(null);
    try {
      const result = await mutation.mutateAsync(values);
      if (isChallenge(result)) setChallenge(result);
      else onSuccess(result);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(t('common.unexpectedError'));
        return;
      }
      const lockedState = lockedStateOf(error.code);
      if (lockedState) {
        // The password was right: say what the account's state means and whom to ask (bannedBanner).
        setLocked(lockedState);
        return;
      }
      switch (error.code) {
        case 'INVALID_CREDENTIALS':
          setFormError(t('auth.login.invalidCredentials'));
          setValue('password', '');
          setFocus('password');
          return;
        case 'TOO_MANY_ATTEMPTS':
        case 'RATE_LIMITED':
          setFormError(
            error.retryAfterSeconds
              ? t('auth.login.tooManyAttemptsWait', { wait: formatWait(error.retryAfterSeconds, locale) })
              : t('auth.login.tooManyAttempts'),
          );
          return;
        case 'ACCOUNT_CLOSED':
          setFormError(t('auth.login.closed'));
          return;
        case 'ERROR_INPUT_VALIDATION': {
          const unmatched = applyServerFieldErrors(error, setError, FIELDS);
          if (unmatched.length > 0) setFormError(t('validation.checkForm'));
          return;
        }
        default:
          setFormError(
            error.status === 401 ? t('auth.login.invalidCredentials') : t('common.unexpectedError'),
          );
      }
    }
  });

  if (challenge) {
    return (
      <LoginSecondStep
        challenge={challenge}
        onSuccess={onSuccess}
        onRestart={() => {
          setChallenge(null);
          setValue('password', '');
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.login.formLabel')}>
      <Stack gap="md">
        {locked ? <LockedAccountNotice state={locked} /> : null}
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="form-error">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth.login.loginLabel')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={translateFieldError(t, errors.login)}
          {...register('login')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          label={t('auth.login.passwordLabel')}
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          error={translateFieldError(t, errors.password)}
          {...register('password')}
        />
        <Anchor component={Link} to={forgotPath} size="sm" style={{ alignSelf: 'flex-end' }}>
          {t('auth.login.forgot')}
        </Anchor>
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
