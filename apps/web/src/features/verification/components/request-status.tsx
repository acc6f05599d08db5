import type { VerificationRequest } from '@app/contract';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useKycFormat } from '../hooks/use-kyc-format';

/** The five ways a request can stand, as the trader reads them. */
export type RequestStage = 'open' | 'inReview' | 'approved' | 'denied' | 'expired';

export const stageOf = (request: VerificationRequest): RequestStage =>
  request.status === 'pending' ? (request.inReview ? 'inReview' : 'open') : request.status;

const COLORS: Record<RequestStage, string> = {
  open: 'orange',
  inReview: 'blue',
  approved: 'teal',
  denied: 'red',
  expired: 'gray',
};

/**
 * A request's status with what it means now: send the documents by a date, wait for the review, the
 * decision's date, a denial's reason (the reviewer's words), or that it expired.
 */
export function RequestStatus({ request }: { request: VerificationRequest }) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const stage = stageOf(request);
  const note = (() => {
    switch (stage) {
      case 'open':
        return t('verification.status.openNote', { date: format.date(request.expiresAt) });
      case 'inReview':
        return t('verification.status.inReviewNote', {
          date: format.dateTime(request.submittedAt ?? request.createdAt),
        });
      case 'approved':
        return t('verification.status.approvedNote', {
          date: format.date(request.decidedAt ?? request.createdAt),
        });
      case 'denied':
        return t('verification.status.deniedNote', {
          date: format.date(request.decidedAt ?? request.createdAt),
        });
      case 'expired':
        return t('verification.status.expiredNote');
    }
  })();
  return (
    <Stack gap={6} data-testid="request-status" data-stage={stage}>
      <Group gap="xs" wrap="wrap">
        <Badge color={COLORS[stage]} variant="light">
          {t(`verification.status.${stage}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      </Group>
      {stage === 'denied' && request.reason ? (
        <Alert color="red" variant="light" title={t('verification.status.reasonTitle')}>
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {request.reason}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
