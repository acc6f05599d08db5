import { parseDecimal, type MyOffersList } from '@app/contract';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDecimalString } from '@/features/catalogue';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocale } from '@/shared/i18n/locale-context';
import { IconLock } from '@/shared/ui/icons';
import { walletBondPath, walletDepositPath } from '../utils/paths';

/**
 * The security deposit (bond) the owner's offers need (`depositData` of the list): per coin what is
 * missing, with the wallet's bond panel to deposit it, or its deposit page when the available balance
 * does not cover it yet; and the way to retrieve a bond no active offer needs.
 */
export function BondNotice({
  depositData,
  exclude,
}: {
  depositData: MyOffersList['depositData'];
  /** A coin the editor's result banner speaks of already: one banner, not two saying the same. */
  exclude?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const walletPath = useNamedRoute('walletIndex');
  const { makeDeposit, makeWithdraw } = depositData;
  // The server lists every coin the offers need a bond in, complete ones too (missing 0): only what is
  // missing calls for action.
  const missing = makeDeposit.options.filter(
    (option) => parseDecimal(option.missingAmount).units > 0n && option.currencyCode !== exclude,
  );
  if (missing.length === 0 && !makeWithdraw.isEnabled) return null;

  return (
    <Stack gap="sm" data-testid="bond-notice">
      {missing.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconLock />} title={t('offerManager.bond.title')}>
          <Stack gap="xs">
            <Text size="sm">{t('offerManager.bond.explanation')}</Text>
            {missing.map((option) => (
              <Group key={option.currencyCode} justify="space-between" gap="xs">
                <Text size="sm" fw={600} data-testid={`bond-missing-${option.currencyCode}`}>
                  {t('offerManager.bond.missing', {
                    amount: formatDecimalString(option.missingAmount, locale, { maxFraction: 8 }),
                    crypto: option.currencyCode,
                  })}
                </Text>
                <Group gap="xs">
                  <Button
                    component={Link}
                    to={walletBondPath(walletPath, option.currencyCode)}
                    size="xs"
                    variant="filled"
                    color="yellow"
                  >
                    {t('offerManager.bond.deposit', { crypto: option.currencyCode })}
                  </Button>
                  {makeDeposit.isEnabled ? null : (
                    <Button
                      component={Link}
                      to={walletDepositPath(walletPath, option.currencyCode)}
                      size="xs"
                      variant="default"
                    >
                      {t('offerManager.bond.fund', { crypto: option.currencyCode })}
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
            {makeDeposit.isEnabled ? null : (
              <Text size="xs" c="dimmed">
                {t('offerManager.bond.fundFirst')}
              </Text>
            )}
          </Stack>
        </Alert>
      ) : null}
      {makeWithdraw.isEnabled ? (
        <Text size="sm" c="dimmed">
          {t('offerManager.bond.withdrawHint')}{' '}
          <Anchor component={Link} to={`${walletPath}?tab=bond`} size="sm">
            {t('offerManager.bond.withdraw')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
