import type { VerificationRequest } from '@app/contract';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { FormError } from '@/shared/ui/form-error';
import { useEraseDocuments, type ErasureAnswer } from '../api/requests';
import { useKycFormat } from '../hooks/use-kyc-format';

/** What the erasure request answered: the retention period, and when each request's files go. */
function ErasureResult({
  answer,
  answeredAt,
  requests,
}: {
  answer: ErasureAnswer;
  /** When the answer came (ms): an erasure time before it has passed. */
  answeredAt: number;
  requests: readonly VerificationRequest[];
}) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const byId = new Map(requests.map((r) => [r.id, r]));
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      data-testid="erasure-result"
      title={t('verification.erase.doneTitle')}
    >
      <Stack gap={6}>
        <Text size="sm">{t('verification.erase.retention', { count: answer.retentionDays })}</Text>
        <Text size="sm">{t('verification.erase.erasedNow', { count: answer.erasedNow })}</Text>
        {answer.requests.length === 0 ? (
          <Text size="sm">{t('verification.erase.nothing')}</Text>
        ) : (
          <List size="sm" spacing={2}>
            {answer.requests.map((entry) => {
              const request = byId.get(entry.id);
              const what = request
                ? t('verification.erase.requestName', {
                    type: t(`verification.types.${request.type}`),
                    date: format.date(request.createdAt),
                  })
                : t('verification.erase.requestNumber', { id: entry.id });
              const when =
                entry.eraseAfter === null
                  ? t('verification.erase.whenEnded')
                  : Date.parse(entry.eraseAfter) <= answeredAt
                    ? t('verification.erase.erased')
                    : t('verification.erase.on', { date: format.date(entry.eraseAfter) });
              return (
                <List.Item key={entry.id}>
                  {what}: {when}
                </List.Item>
              );
            })}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * "Erase my documents": irreversible, so asked first. Each decided request's files are erased once the
 * retention period after its decision has passed (at once when it has); an open request keeps its files
 * until it ends. The level the verifications gave stays.
 */
export function EraseDocuments({ requests }: { requests: readonly VerificationRequest[] }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const erase = useEraseDocuments();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ answer: ErasureAnswer; at: number } | null>(null);
  const confirm = () => {
    setError(null);
    erase.mutate(undefined, {
      onSuccess: (answer) => {
        setResult({ answer, at: Date.now() });
        setAsking(false);
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('verification.erase.explain')}</Text>
      {result ? <ErasureResult answer={result.answer} answeredAt={result.at} requests={requests} /> : null}
      <Group>
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          {t('verification.erase.button')}
        </Button>
      </Group>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('verification.erase.confirmTitle')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('verification.erase.confirmText')}</Text>
          <Text size="sm" fw={600}>
            {t('verification.erase.irreversible')}
          </Text>
          <FormError message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={erase.isPending}>
              {t('verification.erase.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
