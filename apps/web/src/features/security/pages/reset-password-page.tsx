import { passwordResetBodySchema, type PasswordResetBody } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { IconCircleCheck } from '@/shared/ui/icons';
import { useResetPassword } from '../api/security';
import { NewPasswordInput } from '../components/new-password-input';
import { FormError } from '@/shared/ui/form-error';

/**
 * The mailed link's page (`/password/reset?token=`): a new password meeting the rules. Every session
 * of the account ends; the user logs in again. A used or expired link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const localize = useLocalizePath();
  const loginPath = useNamedRoute('login');
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [linkDead, setLinkDead] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(t('security.reset.title'));
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<PasswordResetBody>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { token: params.get('token') ?? '', password: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const onSubmit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await reset.mutateAsync(values);
        setDone(true);
      } catch (error) {
        const detail = isApiError(error) ? error.details : [];
        if (detail.some((d) => d.field === 'token')) setLinkDead(true);
        else if (detail.some((d) => d.field === 'password')) {
          setError('password', {
            type: 'server',
            message: detail.find((d) => d.field === 'password')!.message,
          });
        } else setFailure(errorText(error));
      }
    },
    (invalid) => {
      if (invalid.token) setLinkDead(true);
    },
  );
  const forgotPath = localize('/password/forgot');
  return (
    <AuthCard title={t('security.reset.title')} subtitle={t('security.reset.subtitle')}>
      {done ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} data-testid="reset-done">
          <Stack gap={4}>
            <Text size="sm">{t('security.reset.done')}</Text>
            <Anchor component={Link} to={loginPath} fw={600} size="sm">
              {t('security.reset.login')}
            </Anchor>
          </Stack>
        </Alert>
      ) : linkDead ? (
        <Alert color="orange" variant="light" data-testid="reset-link-dead">
          <Stack gap={4}>
            <Text size="sm">{t('security.reset.linkDead')}</Text>
            <Anchor component={Link} to={forgotPath} fw={600} size="sm">
              {t('security.reset.newLink')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('security.reset.title')}>
          <Stack gap="md">
            <input type="hidden" {...register('token')} />
            <NewPasswordInput
              label={t('security.reset.password')}
              value={password}
              {...register('password')}
              error={errors.password}
              showErrors={isSubmitted || Boolean(errors.password)}
            />
            <FormError message={failure} />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t('security.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
