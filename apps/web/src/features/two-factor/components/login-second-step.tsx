import type { CurrentUser, TwoFactorChallenge } from '@app/contract';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useLoginSecondStep } from '../api/two-factor';
import { SecondFactorField, useSecondFactorErrorText } from './second-factor-field';

/**
 * The login's second step: the password was right, the account asks for a code. The authenticator's
 * code (or a recovery code), or one mailed on request; an expired login goes back to the password.
 */
export function LoginSecondStep({
  challenge,
  onSuccess,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onSuccess: (user: CurrentUser) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const codeErrorText = useSecondFactorErrorText();
  const step = useLoginSecondStep();
  const [code, setCode] = useState('');
  const expired = isApiError(step.error) && step.error.code === 'TWO_FACTOR_LOGIN_EXPIRED';
  const error = step.isError && !expired ? (codeErrorText(step.error) ?? errorText(step.error)) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!code) return;
        step.mutate(code, { onSuccess });
      }}
      noValidate
      aria-label={t('twoFactor.login.title')}
    >
      <Stack gap="md">
        <Text size="sm">{t(challenge.type === 'ga' ? 'twoFactor.login.app' : 'twoFactor.login.email')}</Text>
        {expired ? (
          <Alert color="orange" variant="light" role="alert">
            <Text size="sm">{t('twoFactor.login.expired')}</Text>
            <Anchor component="button" type="button" size="sm" onClick={onRestart}>
              {t('twoFactor.login.restart')}
            </Anchor>
          </Alert>
        ) : null}
        <SecondFactorField type={challenge.type} value={code} onChange={setCode} error={error} autoFocus />
        <Button type="submit" size="md" fullWidth loading={step.isPending} disabled={expired}>
          {t('twoFactor.login.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={onRestart}
          style={{ alignSelf: 'center' }}
        >
          {t('twoFactor.login.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
