import { WEBHOOK_VERIFICATION_EVENT } from '@app/contract';
import { Code, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/shared/ui/page-section';

/** What the challenge looks like (the body is the protocol's, so it is shown as sent, not translated). */
const CHALLENGE_EXAMPLE = JSON.stringify(
  {
    type: WEBHOOK_VERIFICATION_EVENT,
    payload: { challenge: '3f9c2a…' },
    time: '2026-11-26T12:00:00.000Z',
  },
  null,
  2,
);

/** "How the check and the deliveries work": the challenge a receiver must answer, signatures, retries. */
export function VerificationHelp() {
  const { t } = useTranslation();
  return (
    <PageSection id="webhook-how-to" title={t('webhooks.howTo.title')}>
      <Text size="sm">{t('webhooks.howTo.challenge')}</Text>
      <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {`POST https://example.com/hooks/p2p\nX-Webhook-Challenge: 3f9c2a…\n\n${CHALLENGE_EXAMPLE}`}
      </Code>
      <List size="sm" spacing={6}>
        <List.Item>{t('webhooks.howTo.answer')}</List.Item>
        <List.Item>{t('webhooks.howTo.signing')}</List.Item>
        <List.Item>{t('webhooks.howTo.retries')}</List.Item>
      </List>
    </PageSection>
  );
}
