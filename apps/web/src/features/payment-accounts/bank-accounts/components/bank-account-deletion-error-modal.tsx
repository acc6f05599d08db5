import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { offerEditorPath } from '@/features/offer-manager';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import type { DeletionBlockers } from './delete-bank-account-modal';

type BankAccountDeletionErrorModalProps = {
  /** What keeps the account (from the refusal's details), or null when closed. */
  blockers: DeletionBlockers | null;
  onClose: () => void;
};

const tradePath = (hash: string) => `/trade/${encodeURIComponent(hash)}`;

/**
 * The spec's bank-account-deletion-error modal (section 8: a bank delete 422 opens it): the active offers
 * and running trades that still use the account, each a link, and what to do about each.
 */
export function BankAccountDeletionErrorModal({ blockers, onClose }: BankAccountDeletionErrorModalProps) {
  const { t } = useTranslation();
  const localizePath = useLocalizePath();
  const offers = blockers?.offers ?? [];
  const trades = blockers?.trades ?? [];
  return (
    <Modal opened={blockers !== null} onClose={onClose} title={t('bankAccounts.remove.inUseTitle')} centered>
      <Stack gap="sm" data-testid="bank-account-deletion-error">
        <Alert color="orange" variant="light" role="alert">
          <Text size="sm">{t('bankAccounts.remove.inUseText')}</Text>
        </Alert>
        {offers.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('bankAccounts.remove.offers')}
            </Text>
            <List size="sm" spacing={4}>
              {offers.map((hash) => (
                <List.Item key={hash}>
                  <Anchor
                    component={Link}
                    to={localizePath(offerEditorPath(hash))}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {t('bankAccounts.remove.offerLink', { hash })}
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              {t('bankAccounts.remove.offersTodo')}
            </Text>
          </Stack>
        ) : null}
        {trades.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('bankAccounts.remove.trades')}
            </Text>
            <List size="sm" spacing={4}>
              {trades.map((hash) => (
                <List.Item key={hash}>
                  <Anchor
                    component={Link}
                    to={localizePath(tradePath(hash))}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {t('bankAccounts.remove.tradeLink', { hash })}
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              {t('bankAccounts.remove.tradesTodo')}
            </Text>
          </Stack>
        ) : null}
        <Text size="sm">{t('bankAccounts.remove.tryLater')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bankAccounts.remove.understood')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
