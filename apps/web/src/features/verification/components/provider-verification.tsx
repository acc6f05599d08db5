import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiErrorText } from '@/shared/api';
import { FormError } from '@/shared/ui/form-error';
import { useMarkProviderPending, useStartProviderVerification } from '../api/provider';
import { useKycFormat } from '../hooks/use-kyc-format';
import { verificationErrorText } from '../utils/verification-errors';

/**
 * "Verify with our partner" (decision 0041): opens my ID request at the identity service and takes me to
 * its pages, where I photograph the document and take the selfie. The service decides; the page follows
 * its answer live.
 */
export function ProviderStartButton({ again }: { again: boolean }) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const fallbackText = useApiErrorText();
  const start = useStartProviderVerification();
  const [leaving, setLeaving] = useState(false);
  const go = () =>
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        window.location.assign(url);
      },
    });
  return (
    <Stack gap="xs" align="flex-start">
      <Button onClick={go} loading={start.isPending || leaving} data-testid="provider-start">
        {again ? t('verification.provider.continue') : t('verification.provider.start')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('verification.provider.leaving')}
      </Text>
      {start.isError ? (
        <FormError message={verificationErrorText(t, start.error, fallbackText, format.dateTime)} />
      ) : null}
    </Stack>
  );
}

/**
 * Back from the service (`?provider=sumsub&reference=…`): tells the server I am done there, once, and
 * takes the parameters out of the address so a reload does not send it again.
 */
export function ProviderReturnNotice() {
  const { t } = useTranslation();
  const format = useKycFormat();
  const fallbackText = useApiErrorText();
  const [params, setParams] = useSearchParams();
  const markPending = useMarkProviderPending();
  const sent = useRef(false);
  const reference = params.get('provider') ? params.get('reference') : null;

  useEffect(() => {
    if (!reference || sent.current) return;
    sent.current = true;
    markPending.mutate(reference);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('provider');
        next.delete('reference');
        return next;
      },
      { replace: true },
    );
  }, [reference, markPending, setParams]);

  if (markPending.isIdle) return null;
  if (markPending.isPending) {
    return (
      <Text size="sm" role="status">
        {t('verification.provider.returning')}
      </Text>
    );
  }
  return markPending.isError ? (
    <FormError message={verificationErrorText(t, markPending.error, fallbackText, format.dateTime)} />
  ) : (
    <Alert color="blue" variant="light" role="status" data-testid="provider-returned">
      {t('verification.provider.returned')}
    </Alert>
  );
}
