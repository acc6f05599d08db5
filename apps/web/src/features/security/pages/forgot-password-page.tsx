import { passwordForgotBodySchema, type PasswordForgotBody } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { applyServerFieldErrors, translateFieldError } from '@/shared/forms/field-errors';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { IconCircleCheck } from '@/shared/ui/icons';
import { useForgotPassword } from '../api/security';
import { FormError } from '@/shared/ui/form-error';

/**
 * "Forgot your password?" (`/password/forgot`): the address, then the same answer whether it has an
 * account or not (nobody learns who is registered); the mail carries a link valid for 30 minutes.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const loginPath = useNamedRoute('login');
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(t('security.forgot.title'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForgotBody>({
    resolver: zodResolver(passwordForgotBodySchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        if (applyServerFieldErrors(error, setError, ['email'] as const).length === 0) return;
      }
      setFailure(errorText(error));
    }
  });
  return (
    <AuthCard
      title={t('security.forgot.title')}
      subtitle={t('security.forgot.subtitle')}
      footer={
        <Anchor component={Link} to={loginPath} fw={600}>
          {t('security.forgot.backToLogin')}
        </Anchor>
      }
    >
      {sentTo ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} data-testid="forgot-sent">
          <Text size="sm">{t('security.forgot.sent', { email: sentTo })}</Text>
        </Alert>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('security.forgot.title')}>
          <Stack gap="md">
            <TextInput
              label={t('security.forgot.email')}
              type="email"
              autoComplete="email"
              {...register('email')}
              error={translateFieldError(t, errors.email)}
            />
            <FormError message={failure} />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t('security.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
