import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useSecondsUntil } from '@/shared/hooks/use-seconds-until';
import { useSendStepUpCode } from '../api/two-factor';

/**
 * Where a second-factor code is typed: the authenticator's six digits (or a recovery code), or, for
 * codes by e-mail, a button that mails one first with the spec's per-channel states (sending, sent to,
 * failed; the code is cleared when a send fails).
 */
export function SecondFactorField({
  type,
  value,
  onChange,
  error,
  autoFocus,
}: {
  type: 'ga' | 'email';
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const send = useSendStepUpCode();
  const wait = useSecondsUntil(send.data?.resendAvailableAt ?? null);
  return (
    <Stack gap={6}>
      <TextInput
        label={t(type === 'ga' ? 'twoFactor.field.appLabel' : 'twoFactor.field.emailLabel')}
        description={t('twoFactor.field.recoveryHint')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.trim().slice(0, 9))}
        error={error}
        autoComplete="one-time-code"
        maxLength={9}
        data-autofocus={autoFocus ? true : undefined}
        data-testid="second-factor-code"
      />
      {type === 'email' ? (
        <Group gap="xs" wrap="wrap">
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={send.isPending || wait > 0}
            onClick={() =>
              send.mutate('email', {
                onError: () => onChange(''),
              })
            }
          >
            {send.isPending
              ? t('twoFactor.field.sending')
              : wait > 0
                ? t('twoFactor.field.resendIn', { seconds: wait })
                : send.isSuccess
                  ? t('twoFactor.field.resend')
                  : t('twoFactor.field.send')}
          </Anchor>
          {send.isSuccess ? (
            <Text size="sm" c="dimmed" role="status">
              {t('twoFactor.field.sent', { to: send.data.to })}
            </Text>
          ) : null}
          {send.isError ? (
            <Text size="sm" c="red" role="alert">
              {isApiError(send.error) && send.error.status === 429
                ? t('twoFactor.field.tooSoon')
                : errorText(send.error)}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The message for a refused code (422 on `code`, 429 dead code or too many, 403 missing), or null when
 * the error is about something else.
 */
export function useSecondFactorErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string | null => {
    if (!isApiError(error)) return null;
    if (error.code === 'TWO_FACTOR_REQUIRED') return t('twoFactor.field.required');
    if (error.code === 'TOO_MANY_ATTEMPTS' || error.code === 'RATE_LIMITED') {
      return t('twoFactor.field.tooMany');
    }
    const detail = error.details.find((d) => d.field === 'code');
    if (!detail) return null;
    return detail.code === 'invalid_code' ? t('twoFactor.field.wrong') : detail.message;
  };
}
