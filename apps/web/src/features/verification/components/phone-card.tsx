import type { PhoneErrorType } from '@app/contract';
import { Alert, Badge, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useSecondsUntil } from '@/shared/hooks/use-seconds-until';
import { ErrorState } from '@/shared/ui/error-state';
import { toast } from '@/shared/ui/toast';
import { useConfirmPhone, usePhoneState, useResetPhone, useSendPhoneCode } from '../api/phone';
import { CODE_LENGTH, CodeField, useCodeErrorText } from './code-field';

/**
 * The phone number (the spec's phone verification): a number with its country code, a code by SMS or a
 * call, the code back; the countdown before another, the attempts exceeded state, and starting again.
 */
export function PhoneCard() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const codeErrorText = useCodeErrorText('phoneCode');
  const state = usePhoneState();
  const send = useSendPhoneCode();
  const confirm = useConfirmPhone();
  const reset = useResetPhone();
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [countdownAt, setCountdownAt] = useState<string | null>(null);
  const wait = useSecondsUntil(countdownAt);

  if (state.isPending) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (state.isError) {
    return <ErrorState message={t('verification.phone.loadError')} onRetry={() => void state.refetch()} />;
  }
  const data = state.data;
  const startCountdown = (seconds: number | null) =>
    setCountdownAt(seconds ? new Date(Date.now() + seconds * 1000).toISOString() : null);

  const sendCode = (call: boolean) => {
    setNumberError(null);
    send.mutate(
      { phone: data.isCodeSent || data.isAttemptsExceeded ? (data.number ?? number) : number, call },
      {
        onSuccess: (next) => {
          startCountdown(next.countdown);
          toast.success({ message: t(call ? 'verification.phone.calling' : 'verification.phone.sent') });
        },
        onError: (error) => {
          const detail = isApiError(error) ? error.details.find((d) => d.field === 'phone') : undefined;
          if (isApiError(error) && error.retryAfterSeconds) startCountdown(error.retryAfterSeconds);
          setNumberError(
            detail
              ? t(`verification.phone.errors.${detail.code as PhoneErrorType}`, {
                  defaultValue: detail.message,
                })
              : errorText(error),
          );
        },
      },
    );
  };

  if (data.isVerified) {
    return (
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={600} data-testid="phone-number">
            {data.number}
          </Text>
          <Badge color="teal" variant="light">
            {t('verification.phone.verified')}
          </Badge>
        </Group>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          loading={reset.isPending}
          onClick={() => reset.mutate()}
        >
          {t('verification.phone.remove')}
        </Button>
      </Group>
    );
  }

  const waiting = data.isCodeSent || data.isAttemptsExceeded;
  return (
    <Stack gap="sm">
      {waiting ? (
        <Text size="sm">{t('verification.phone.sentTo', { number: data.number })}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('verification.phone.explain')}
          </Text>
          <TextInput
            label={t('verification.phone.number')}
            placeholder="+34 600 111 222"
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            error={numberError}
            type="tel"
            autoComplete="tel"
            maxLength={32}
          />
        </>
      )}
      {data.isAttemptsExceeded ? (
        <Alert color="orange" variant="light" role="alert">
          <Text size="sm">{t('verification.phone.exceeded')}</Text>
        </Alert>
      ) : null}
      {data.isCodeSent && !data.isAttemptsExceeded ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setCodeError(null);
            confirm.mutate(code, {
              onSuccess: () => toast.success({ message: t('verification.phone.done') }),
              onError: (error) => setCodeError(codeErrorText(error)),
            });
          }}
          noValidate
        >
          <Group align="flex-start" gap="xs" wrap="wrap">
            <CodeField value={code} onChange={setCode} error={codeError} w={{ base: '100%', xs: 160 }} />
            <Button
              type="submit"
              loading={confirm.isPending}
              mt={{ base: 0, xs: 25 }}
              disabled={code.length !== CODE_LENGTH}
            >
              {t('verification.phone.verify')}
            </Button>
          </Group>
        </form>
      ) : null}
      {waiting && numberError ? (
        <Text size="sm" c="red" role="alert">
          {numberError}
        </Text>
      ) : null}
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant={waiting ? 'default' : 'filled'}
          onClick={() => sendCode(false)}
          loading={send.isPending && send.variables?.call === false}
          disabled={wait > 0 || (!waiting && !number.trim())}
        >
          {wait > 0
            ? t('verification.phone.resendIn', { seconds: wait })
            : waiting
              ? t('verification.phone.resend')
              : t('verification.phone.sendSms')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => sendCode(true)}
          loading={send.isPending && send.variables?.call === true}
          disabled={wait > 0 || (!waiting && !number.trim())}
        >
          {t('verification.phone.call')}
        </Button>
        {waiting ? (
          <Button size="xs" variant="subtle" onClick={() => reset.mutate()} loading={reset.isPending}>
            {t('verification.phone.other')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
