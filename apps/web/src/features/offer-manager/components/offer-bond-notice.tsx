import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimalString, useCryptoCurrencies } from '@/features/catalogue';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocale } from '@/shared/i18n/locale-context';
import { IconAlertCircle, IconLock } from '@/shared/ui/icons';
import { numericClass } from '@/shared/ui/numeric';
import type { useOfferBond } from '../hooks/use-offer-bond';
import { walletBondPath } from '../utils/paths';

/** A coin amount with the coin's own precision, in the page's language (`0,002` on Spanish pages). */
export function useCryptoAmountFormat() {
  const locale = useLocale();
  const cryptos = useCryptoCurrencies();
  return (amount: string, code: string) => {
    const decimals = cryptos.data?.cryptoCurrencies.find((entry) => entry.code === code)?.decimals ?? 8;
    return `${formatDecimalString(amount, locale, { maxFraction: decimals })} ${code}`;
  };
}

/**
 * The wallet's bond panel for a coin, in a new tab: the wizard keeps what was typed, and the bond shown
 * here is asked again when the editor gets the focus back.
 */
export function BondPanelLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const walletPath = useNamedRoute('walletIndex');
  return (
    <Anchor
      href={walletBondPath(walletPath, code)}
      target="_blank"
      rel="noopener"
      size="sm"
      fw={600}
      data-testid="offer-bond-link"
    >
      {t('offerManager.offerBond.link', { crypto: code })}
    </Anchor>
  );
}

/**
 * At the payment method: whether offers paid this way need a security deposit (bond), how much, and
 * whether the owner's covers it; a short bond does not stop the offer, it is saved switched off.
 */
export function OfferBondNotice({
  bond,
  methodName,
}: {
  bond: ReturnType<typeof useOfferBond>;
  methodName: string;
}) {
  const { t } = useTranslation();
  const amount = useCryptoAmountFormat();
  const { state } = bond;

  if (state.kind === 'none') return null;
  if (state.kind === 'unknown') {
    // Loading says nothing yet (the check is quick); a failure says so, with a retry.
    if (!bond.isError) return null;
    return (
      <Alert color="gray" variant="light" icon={<IconAlertCircle />} data-testid="offer-bond-notice">
        <Text size="sm">{t('offerManager.offerBond.error')}</Text>
        <Button size="xs" variant="default" mt="xs" onClick={bond.retry}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const values = {
    method: methodName,
    required: amount(state.required, state.code),
    deposited: amount(state.deposited, state.code),
  };
  return (
    <Alert
      color={state.kind === 'missing' ? 'yellow' : 'teal'}
      variant="light"
      icon={<IconLock />}
      title={t('offerManager.offerBond.title')}
      data-testid="offer-bond-notice"
      data-state={state.kind}
      aria-live="polite"
    >
      <Text size="sm" className={numericClass}>
        {t('offerManager.offerBond.needs', values)}
      </Text>
      {state.kind === 'missing' ? (
        <>
          <Text size="sm" fw={600} mt={4} className={numericClass}>
            {t('offerManager.offerBond.missing', { ...values, missing: amount(state.missing, state.code) })}
          </Text>
          <BondPanelLink code={state.code} />
        </>
      ) : (
        <Text size="sm" mt={4} className={numericClass}>
          {t('offerManager.offerBond.covered', values)}
        </Text>
      )}
    </Alert>
  );
}
