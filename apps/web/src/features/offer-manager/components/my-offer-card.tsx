import type { MyOffer } from '@app/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CryptoIcon, useCatalogueNames } from '@/features/catalogue';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { numericClass } from '@/shared/ui/numeric';
import { useFiatFormat } from '../hooks/use-fiat-format';
import { trimMargin } from '../utils/offer-form';
import { offerEditorPath, offerPagePath, walletBondPath } from '../utils/paths';
import type { QuickEditKind } from '../utils/quick-edit';
import { ModerationNotice } from './moderation-notice';
import { precisionOf, QuickEditPanel } from './quick-edit-panel';

type MyOfferCardProps = {
  offer: MyOffer;
  methodName: string;
  /** The quick-edit panel open under this offer, if any. */
  openPanel: QuickEditKind | null;
  onTogglePanel: (kind: QuickEditKind) => void;
  onToggleActive: (active: boolean) => void;
  /** A status change of this offer is on its way. */
  statusPending: boolean;
};

/**
 * One of the owner's offers: what it trades, its live price and limits, the accounts buyers pay into
 * (numbers masked), its status switch, the bond it lacks (if any), and the quick edits of price and
 * amounts; the full editor and the public page are a link away.
 */
export function MyOfferCard({
  offer,
  methodName,
  openPanel,
  onTogglePanel,
  onToggleActive,
  statusPending,
}: MyOfferCardProps) {
  const { t } = useTranslation();
  const names = useCatalogueNames();
  const format = useFiatFormat();
  const localize = useLocalizePath();
  const walletPath = useNamedRoute('walletIndex');
  const precision = precisionOf(offer.rangeMin);
  const fiat = offer.fiatCurrencyCode;
  const money = (value: string) => format(value, fiat, precision);
  const id = offer.idHashed;
  const accounts = [
    ...offer.bankAccounts.map((account) => ({ ...account, key: `bank-${account.id}` })),
    ...offer.mobileMoneyWallets.map((wallet) => ({ ...wallet, key: `wallet-${wallet.id}` })),
  ];

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid={`my-offer-${id}`}
      data-active={offer.isActive}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <CryptoIcon icon={offer.cryptoCurrencyCode.toLowerCase()} />
            <Stack gap={2}>
              <Group gap={6}>
                <Badge color={offer.type === 'sell' ? 'red' : 'teal'} variant="light">
                  {offer.type === 'sell' ? t('offerManager.list.sellBadge') : t('offerManager.list.buyBadge')}
                </Badge>
                <Text fw={700}>
                  {offer.cryptoCurrencyCode} · {fiat}
                </Text>
                {offer.flowType === 'default' ? null : (
                  <Badge variant="outline" color="gray">
                    {t(`offerManager.flow.${offer.flowType}`)}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {methodName} ·{' '}
                <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{id}</span>
              </Text>
            </Stack>
          </Group>
          <Switch
            checked={offer.isActive}
            onChange={(event) => onToggleActive(event.currentTarget.checked)}
            disabled={statusPending}
            label={offer.isActive ? t('offerManager.status.active') : t('offerManager.status.inactive')}
            labelPosition="left"
            aria-label={t('offerManager.list.statusSwitch', { id })}
            color="teal"
          />
        </Group>

        <Group gap="xl" wrap="wrap" align="flex-end">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('offerManager.list.price')}
            </Text>
            <Text fw={700} size="lg" className={numericClass} data-testid={`my-offer-price-${id}`}>
              {offer.pricePerCoin ? money(offer.pricePerCoin) : t('offerManager.pricing.noRate')}
            </Text>
            <Text size="xs" c="dimmed" data-testid={`my-offer-pricing-${id}`}>
              {offer.margin !== null
                ? t('offerManager.list.margin', {
                    margin: offer.margin.startsWith('-')
                      ? trimMargin(offer.margin)
                      : `+${trimMargin(offer.margin)}`,
                  })
                : t('offerManager.list.fixed')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('offerManager.list.limits')}
            </Text>
            <Text fw={600} className={numericClass} data-testid={`my-offer-limits-${id}`}>
              {offer.amountMode === 'predefined'
                ? offer.predefinedAmount.map(money).join(', ')
                : `${money(offer.rangeMin)} – ${money(offer.rangeMax)}`}
            </Text>
          </Stack>
          {offer.offerCap?.active ? (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('offerManager.list.cap')}
              </Text>
              <Text fw={600} className={numericClass} data-testid={`my-offer-cap-${id}`}>
                {money(offer.offerCap.amount)}
              </Text>
            </Stack>
          ) : null}
        </Group>

        {offer.tags.length > 0 ? (
          <Group gap={6}>
            {offer.tags.map((tag) => (
              <Badge key={tag.slug} variant="default" tt="none" fw={500}>
                {names.tag(tag.slug, tag.name)}
              </Badge>
            ))}
          </Group>
        ) : null}

        {accounts.length > 0 ? (
          <Text size="sm" data-testid={`my-offer-accounts-${id}`}>
            <Text span size="sm" c="dimmed">
              {t('offerManager.list.accounts')}:{' '}
            </Text>
            {accounts.map((account, index) => (
              <span key={account.key}>
                {index > 0 ? ', ' : null}
                {account.label}{' '}
                <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                  {account.maskedNumber}
                </span>
              </span>
            ))}
          </Text>
        ) : null}

        <ModerationNotice offer={offer} />

        {offer.depositInfo.isBondInsufficient ? (
          <Text size="sm" c="yellow" data-testid={`my-offer-bond-${id}`}>
            {t('offerManager.list.bondShort', { crypto: offer.cryptoCurrencyCode })}{' '}
            <Anchor component={Link} to={walletBondPath(walletPath, offer.cryptoCurrencyCode)} size="sm">
              {t('offerManager.list.bondLink')}
            </Anchor>
          </Text>
        ) : null}

        <Group gap="xs">
          <Button
            size="xs"
            variant={openPanel === 'price' ? 'filled' : 'light'}
            onClick={() => onTogglePanel('price')}
            aria-expanded={openPanel === 'price'}
          >
            {t('offerManager.list.editPrice')}
          </Button>
          <Button
            size="xs"
            variant={openPanel === 'amount' ? 'filled' : 'light'}
            onClick={() => onTogglePanel('amount')}
            aria-expanded={openPanel === 'amount'}
          >
            {t('offerManager.list.editAmounts')}
          </Button>
          <Button
            size="xs"
            variant={openPanel === 'cap' ? 'filled' : 'light'}
            onClick={() => onTogglePanel('cap')}
            aria-expanded={openPanel === 'cap'}
          >
            {t('offerManager.list.editCap')}
          </Button>
          <Button size="xs" variant="default" component={Link} to={localize(offerEditorPath(id))}>
            {t('offerManager.list.edit')}
          </Button>
          <Button size="xs" variant="subtle" component={Link} to={localize(offerPagePath(id))}>
            {t('offerManager.list.view')}
          </Button>
        </Group>

        {openPanel ? (
          <QuickEditPanel
            key={openPanel}
            offer={offer}
            kind={openPanel}
            onClose={() => onTogglePanel(openPanel)}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
