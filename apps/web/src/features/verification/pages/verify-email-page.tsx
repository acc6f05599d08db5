import { emailChangeUnconfirmedBodySchema, type EmailChangeUnconfirmedBody } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError, useApiErrorText } from '@/shared/api';
import { applyServerFieldErrors, translateFieldError } from '@/shared/forms/field-errors';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { IconCircleCheck } from '@/shared/ui/icons';
import { toast } from '@/shared/ui/toast';
import {
  useChangeUnconfirmedEmail,
  useEmailVerificationState,
  useResendEmailCode,
  useVerifyEmail,
} from '../api/email-verification';
import { useSecondsUntil } from '@/shared/hooks/use-seconds-until';
import { CodeField, useCodeErrorText } from '../components/code-field';

/** The spec's wait before leaving the page after a successful verification. */
const REDIRECT_MS = 3_000;

function CodeForm({ initialCode, onVerified }: { initialCode: string; onVerified: () => void }) {
  const { t } = useTranslation();
  const codeErrorText = useCodeErrorText('code');
  const verify = useVerifyEmail();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('verification.code.format'));
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync(code.trim());
      onVerified();
    } catch (failure) {
      setError(codeErrorText(failure));
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <CodeField
          value={code}
          onChange={setCode}
          error={error}
          w={{ base: '100%', xs: 180 }}
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
          data-autofocus
        />
        <Button type="submit" loading={verify.isPending} mt={{ base: 0, xs: 25 }}>
          {t('verification.email.verify')}
        </Button>
      </Group>
    </form>
  );
}

function ResendButton({ availableAt }: { availableAt: string | null }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const resend = useResendEmailCode();
  const wait = useSecondsUntil(availableAt);
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast.success({ message: t('verification.email.sent') }),
          })
        }
        disabled={wait > 0}
        loading={resend.isPending}
        style={{ alignSelf: 'flex-start' }}
      >
        {wait > 0 ? t('verification.email.resendIn', { seconds: wait }) : t('verification.email.resend')}
      </Button>
      {resend.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorText(resend.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

function ChangeAddressForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const change = useChangeUnconfirmedEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailChangeUnconfirmedBody>({
    resolver: zodResolver(emailChangeUnconfirmedBodySchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await change.mutateAsync(values);
      toast.success({ message: t('verification.email.changed') });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'ERROR_INPUT_VALIDATION') {
        const unmatched = applyServerFieldErrors(error, setError, ['email'] as const);
        if (unmatched.length === 0) return;
      }
      setFailure(errorText(error));
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('verification.email.newAddress')}
          type="email"
          autoComplete="email"
          {...register('email')}
          error={translateFieldError(t, errors.email)}
        />
        {failure ? (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={change.isPending}>
            {t('verification.email.changeSubmit')}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The e-mail verification page (`/account/verify-email`, the spec's emailVerification screen): the code
 * from the mail (prefilled from the mail's link), a new code after the countdown, a corrected address
 * while it is not verified; on success it says so and moves on after 3 s (`?next=` or home).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useEmailVerificationState();
  const [justVerified, setJustVerified] = useState(false);
  const [changing, setChanging] = useState(false);
  useDocumentTitle(t('verification.email.title'));
  const next = params.get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : localize('/');
  const verified = state.data?.isEmailVerified ?? false;

  // Only a verification made on this page moves on; a verified visitor just reads that it is done.
  useEffect(() => {
    if (!justVerified) return;
    const timer = setTimeout(() => void navigate(target), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [justVerified, navigate, target]);

  return (
    <Container size="xs" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('verification.email.title')}
          </Title>
          {state.isPending ? (
            <Group justify="center" py="lg">
              <Loader size="sm" role="status" aria-label={t('common.loading')} />
            </Group>
          ) : state.isError ? (
            <ErrorState message={t('verification.email.loadError')} onRetry={() => void state.refetch()} />
          ) : verified ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck />} data-testid="email-verified">
              <Text size="sm" fw={600}>
                {t('verification.email.verified', { email: state.data.email })}
              </Text>
              {justVerified ? (
                <Text size="sm">
                  {t('verification.email.redirecting')}{' '}
                  <Anchor href={target} size="sm">
                    {t('verification.email.continue')}
                  </Anchor>
                </Text>
              ) : null}
            </Alert>
          ) : (
            <>
              <Text size="sm" data-testid="email-verification-address">
                {t('verification.email.sentTo', { email: state.data.email })}
              </Text>
              {state.data.mailIsKept ? (
                <Alert color="gray" variant="light">
                  <Text size="sm">{t('verification.email.kept')}</Text>
                </Alert>
              ) : null}
              <CodeForm
                initialCode={(params.get('code') ?? '').replace(/\D/g, '').slice(0, 6)}
                onVerified={() => setJustVerified(true)}
              />
              <ResendButton availableAt={state.data.resendAvailableAt} />
              {changing ? (
                <ChangeAddressForm onDone={() => setChanging(false)} />
              ) : (
                <Anchor component="button" type="button" size="sm" onClick={() => setChanging(true)}>
                  {t('verification.email.wrongAddress')}
                </Anchor>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
