import type { CurrentUser, KycProvider, MyVerifications } from '@app/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAttemptsLeft } from '../api/requests';
import { isInReview, isOpen, latestOf } from '../utils/requests';
import { AttemptsNote } from './attempts-note';
import { DocumentStep } from './document-step';
import { IdDetailsForm } from './id-details-form';
import { ProviderStartButton } from './provider-verification';
import { RequestStatus } from './request-status';

/**
 * Step one: the ID document and a selfie, as a form and uploads (`DocumentStep`). When an identity
 * service checks IDs here (`provider`), the trader goes to its pages instead, and the request's status
 * follows its decision.
 */
export function IdVerificationStep({
  data,
  user,
  provider,
}: {
  data: MyVerifications;
  user: CurrentUser;
  provider: KycProvider;
}) {
  const { t } = useTranslation();
  const request = latestOf(data.requests, 'id');
  const attempts = useAttemptsLeft('id').data;

  if (provider !== 'manual') {
    if (request && (isOpen(request) || isInReview(request))) {
      return (
        <Stack gap="md">
          <RequestStatus request={request} />
          {isOpen(request) ? <ProviderStartButton again /> : null}
        </Stack>
      );
    }
    if (!user.isIdVerified) {
      return (
        <Stack gap="md">
          {request ? <RequestStatus request={request} /> : null}
          <Text size="sm">{t('verification.provider.intro')}</Text>
          {attempts ? <AttemptsNote attempts={attempts} /> : null}
          {attempts?.attemptsLeft === 0 ? null : <ProviderStartButton again={false} />}
        </Stack>
      );
    }
  }
  return (
    <DocumentStep
      step="id"
      data={data}
      verified={user.isIdVerified}
      Form={IdDetailsForm}
      acceptsPdf={false}
    />
  );
}
