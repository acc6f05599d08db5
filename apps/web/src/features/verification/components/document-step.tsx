import type { MyVerifications, VerificationRequest } from '@app/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { IconShieldCheck } from '@/shared/ui/icons';
import { useAttemptsLeft } from '../api/requests';
import { isInReview, isOpen, latestOf } from '../utils/requests';
import { AttemptsNote } from './attempts-note';
import { DocumentList } from './document-list';
import { RequestDetails } from './request-details';
import { RequestStatus } from './request-status';

/** A step's start form: new (`request` null) or correcting the open request. */
export type DetailsFormComponent = ComponentType<{
  request: VerificationRequest | null;
  onSaved: () => void;
  onCancel?: () => void;
}>;

/**
 * A step proven with documents (the ID and selfie, the proof of address), in its stages. Without an
 * open request: the form (after a denial or an expiry, with what happened). An open request: its
 * details (correctable) and the files to upload. In review or approved: what was sent, read-only.
 */
export function DocumentStep({
  step,
  data,
  verified,
  Form,
  acceptsPdf,
}: {
  /** The request type, which also names the step's texts (`verification.{step}.*`) and test ids. */
  step: 'id' | 'address';
  data: MyVerifications;
  verified: boolean;
  Form: DetailsFormComponent;
  acceptsPdf: boolean;
}) {
  const { t } = useTranslation();
  const request = latestOf(data.requests, step);
  const attempts = useAttemptsLeft(step).data;
  const [correcting, setCorrecting] = useState(false);

  if (request && isOpen(request)) {
    return (
      <Stack gap="md">
        <RequestStatus request={request} />
        {correcting ? (
          <Form
            request={request}
            onSaved={() => setCorrecting(false)}
            onCancel={() => setCorrecting(false)}
          />
        ) : (
          <Stack gap="xs">
            <RequestDetails request={request} />
            <Group>
              <Button size="xs" variant="subtle" onClick={() => setCorrecting(true)}>
                {t(`verification.${step}.correct`)}
              </Button>
            </Group>
          </Stack>
        )}
        <Text size="sm">{t(`verification.${step}.uploadIntro`)}</Text>
        <DocumentList request={request} acceptsPdf={acceptsPdf} />
      </Stack>
    );
  }
  if (request && isInReview(request)) {
    return (
      <Stack gap="md">
        <RequestStatus request={request} />
        <RequestDetails request={request} />
        <DocumentList request={request} acceptsPdf={acceptsPdf} />
      </Stack>
    );
  }
  if (verified) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconShieldCheck />} data-testid={`${step}-verified`}>
          {t(`verification.${step}.verified`)}
        </Alert>
        {request?.status === 'approved' ? <RequestDetails request={request} /> : null}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {request ? <RequestStatus request={request} /> : null}
      <Text size="sm">{request ? t(`verification.${step}.again`) : t(`verification.${step}.intro`)}</Text>
      {attempts ? <AttemptsNote attempts={attempts} /> : null}
      {attempts?.attemptsLeft === 0 ? null : <Form request={null} onSaved={() => undefined} />}
    </Stack>
  );
}
