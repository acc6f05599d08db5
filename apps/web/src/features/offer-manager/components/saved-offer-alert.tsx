import { Alert, Anchor, Text } from '@mantine/core';
import { numericClass } from '@/shared/ui/numeric';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { IconAlertCircle, IconCheck } from '@/shared/ui/icons';
import { useCryptoAmountFormat } from './offer-bond-notice';
import { walletBondPath } from '../utils/paths';
import type { SavedOfferNotice } from '../utils/saved-offer';

/**
 * The editor's result, shown on the my-offers page it returns to: published, saved switched off, or
 * saved switched off because the coin's security deposit (bond) falls short, with the way to the
 * wallet's bond panel and what is missing of it. The page's bond notice leaves that coin to this banner.
 */
export function SavedOfferAlert({
  notice,
  missingAmount,
  onClose,
}: {
  notice: SavedOfferNotice;
  /** What is missing of the coin's bond (the list's `depositData`), once the list has loaded. */
  missingAmount?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cryptoAmount = useCryptoAmountFormat();
  const walletPath = useNamedRoute('walletIndex');
  const title =
    notice.mode === 'created' ? t('offerManager.saved.createdTitle') : t('offerManager.saved.updatedTitle');
  const common = {
    title,
    withCloseButton: true,
    closeButtonLabel: t('common.close'),
    onClose,
    variant: 'light',
    'data-testid': 'saved-offer-alert',
  } as const;

  if (notice.isBondInsufficient) {
    return (
      <Alert {...common} color="yellow" icon={<IconAlertCircle />} role="alert">
        <Text size="sm">
          {t('offerManager.saved.bondInsufficient', { id: notice.idHashed, crypto: notice.crypto })}
        </Text>
        {missingAmount ? (
          <Text size="sm" fw={600} className={numericClass} data-testid={`bond-missing-${notice.crypto}`}>
            {t('offerManager.saved.bondMissing', { missing: cryptoAmount(missingAmount, notice.crypto) })}
          </Text>
        ) : null}
        <Anchor component={Link} to={walletBondPath(walletPath, notice.crypto)} size="sm" fw={600}>
          {t('offerManager.saved.bondLink', { crypto: notice.crypto })}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert {...common} color={notice.isActive ? 'teal' : 'blue'} icon={<IconCheck />} role="status">
      <Text size="sm">
        {notice.isActive
          ? t('offerManager.saved.active', { id: notice.idHashed })
          : t('offerManager.saved.inactive', { id: notice.idHashed })}
      </Text>
    </Alert>
  );
}
