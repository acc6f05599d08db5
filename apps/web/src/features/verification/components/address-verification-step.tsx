import type { CurrentUser, MyVerifications } from '@app/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconShieldCheck } from '@/shared/ui/icons';
import { attemptsOf, isInReview, isOpen, latestOf } from '../utils/requests';
import { AddressDetailsForm } from './address-details-form';
import { AttemptsNote } from './attempts-note';
import { DocumentList } from './document-list';
import { RequestDetails } from './request-details';
import { RequestStatus } from './request-status';

/**
 * Step two: the proof of address (a picture or a PDF of a bill, a statement, a tax document or a
 * residence certificate), in the same stages as the ID step.
 */
export function AddressVerificationStep({ data, user }: { data: MyVerifications; user: CurrentUser }) {
  const { t } = useTranslation();
  const request = latestOf(data.requests, 'address');
  const attempts = attemptsOf(data, 'address');
  const [correcting, setCorrecting] = useState(false);

  if (request && isOpen(request)) {
    return (
      <Stack gap="md">
        <RequestStatus request={request} />
        {correcting ? (
          <AddressDetailsForm
            request={request}
            onSaved={() => setCorrecting(false)}
            onCancel={() => setCorrecting(false)}
          />
        ) : (
          <Stack gap="xs">
            <RequestDetails request={request} />
            <Group>
              <Button size="xs" variant="subtle" onClick={() => setCorrecting(true)}>
                {t('verification.address.correct')}
              </Button>
            </Group>
          </Stack>
        )}
        <Text size="sm">{t('verification.address.uploadIntro')}</Text>
        <DocumentList request={request} acceptsPdf />
      </Stack>
    );
  }
  if (request && isInReview(request)) {
    return (
      <Stack gap="md">
        <RequestStatus request={request} />
        <RequestDetails request={request} />
        <DocumentList request={request} acceptsPdf />
      </Stack>
    );
  }
  if (user.isAddressVerified) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconShieldCheck />} data-testid="address-verified">
          {t('verification.address.verified')}
        </Alert>
        {request?.status === 'approved' ? <RequestDetails request={request} /> : null}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {request ? <RequestStatus request={request} /> : null}
      <Text size="sm">{request ? t('verification.address.again') : t('verification.address.intro')}</Text>
      {attempts ? <AttemptsNote attempts={attempts} /> : null}
      {attempts?.attemptsLeft === 0 ? null : <AddressDetailsForm request={null} onSaved={() => undefined} />}
    </Stack>
  );
}
