import { EVIDENCE_REQUEST_MAX } from '@app/contract';
import { Alert, Button, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { toast } from '@/shared/ui/toast';
import { useRequestEvidence } from '../api/disputes';

/** Asks the buyer or the seller for more evidence: the request appears in the chat, addressed to them. */
export function EvidenceForm({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const request = useRequestEvidence(hash);
  const [party, setParty] = useState<'buyer' | 'seller'>('buyer');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!text.trim()) {
      setError(t('admin.dispute.award.reasonRequired'));
      return;
    }
    try {
      await request.mutateAsync({ party, text: text.trim() });
      setText('');
      setError(null);
      toast.success({ message: t('admin.dispute.evidence.sent') });
    } catch (failure) {
      const field = isApiError(failure) ? failure.details.find((d) => d.field === 'text') : undefined;
      setError(field?.message ?? errorText(failure));
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('admin.dispute.evidence.title')}
        </Title>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('admin.dispute.evidence.party')}
          </Text>
          <SegmentedControl
            value={party}
            onChange={(value) => setParty(value as 'buyer' | 'seller')}
            data={[
              { value: 'buyer', label: t('admin.dispute.party.buyer') },
              { value: 'seller', label: t('admin.dispute.party.seller') },
            ]}
          />
        </div>
        <Textarea
          label={t('admin.dispute.evidence.text')}
          placeholder={t('admin.dispute.evidence.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={EVIDENCE_REQUEST_MAX}
          error={error}
          autosize
          minRows={2}
        />
        {request.isError && !error ? <Alert color="red">{errorText(request.error)}</Alert> : null}
        <Button onClick={() => void submit()} loading={request.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('admin.dispute.evidence.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
