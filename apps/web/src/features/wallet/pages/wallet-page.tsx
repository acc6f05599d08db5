import { ModalsProvider } from '@mantine/modals';
import {
  Anchor,
  Button,
  Center,
  Container,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useBalanceHidden } from '@/shared/hooks/use-balance-hidden';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ErrorState } from '@/shared/ui/error-state';
import { IconEye, IconEyeOff } from '@/shared/ui/icons';
import { BalancesTable, WalletSummary } from '../components/balances-section';
import { BondPanel } from '../components/bond-panel';
import { DepositPanel } from '../components/deposit-panel';
import { HeldAwards } from '../components/held-awards';
import { HistoryPanel } from '../components/history-panel';
import { WithdrawPanel } from '../components/withdraw-form';
import classes from '../components/wallet.module.css';
import { useWalletCoins } from '../hooks/use-wallet-coins';
import { useWalletLiveUpdates } from '../hooks/use-wallet-live-updates';

const TABS = ['deposit', 'send', 'history', 'bond'] as const;
/** The tabs' element id: also the hash a link adds to bring the panel into view. */
const TABS_ID = 'wallet-tabs';
type WalletTab = (typeof TABS)[number];
const isTab = (value: string | null): value is WalletTab =>
  (TABS as readonly (string | null)[]).includes(value);

/**
 * The wallet (named route `walletIndex`): balances per coin and their total, then deposit, send,
 * history and the security deposit in tabs. The tab and the coin are in the address (`?tab=send&coin=ETH`)
 * so a link can open the right one and a reload keeps it (replaced, not pushed: tabs are not pages).
 */
export function WalletPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('wallet.title'));
  const { hidden, toggle } = useBalanceHidden();
  const [params, setParams] = useSearchParams();
  const { coins, balances } = useWalletCoins();
  const localize = useLocalizePath();
  // Money that moves elsewhere (a deposit, a release, a hold's date) shows without a reload.
  useWalletLiveUpdates();

  const tabParam = params.get('tab');
  const tab: WalletTab = isTab(tabParam) ? tabParam : 'deposit';
  const wanted = params.get('coin')?.toUpperCase();
  const coin = coins?.find((line) => line.cryptoCurrencyCode === wanted) ?? coins?.[0];

  const open = (next: WalletTab, code?: string) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        if (code) updated.set('coin', code);
        return updated;
      },
      { replace: true },
    );
    if (code) document.getElementById(TABS_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const selectCoin = (code: string) => open(tab, code);

  // A link to a panel (`?tab=bond&coin=BTC#wallet-tabs`, from the offer editor) brings it into view once
  // the balances have drawn it, and moves the focus to its tab, so the panel is what the visitor sees.
  const { hash } = useLocation();
  const focusedFromLink = useRef(false);
  const ready = coin !== undefined;
  useEffect(() => {
    if (!ready || hash !== `#${TABS_ID}` || focusedFromLink.current) return;
    focusedFromLink.current = true;
    const tabs = document.getElementById(TABS_ID);
    tabs?.scrollIntoView({ block: 'start' });
    tabs?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus({ preventScroll: true });
  }, [ready, hash]);

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {t('wallet.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('wallet.subtitle')}
            </Text>
            <Anchor component={Link} to={localize('/proof-of-reserves')} size="sm">
              {t('wallet.proofOfReserves')}
            </Anchor>
          </div>
          <Button
            variant="default"
            leftSection={hidden ? <IconEye size={18} /> : <IconEyeOff size={18} />}
            onClick={toggle}
            aria-pressed={hidden}
            data-testid="toggle-balances"
          >
            {hidden ? t('wallet.showBalances') : t('wallet.hideBalances')}
          </Button>
        </Group>

        {balances.isPending ? (
          <Stack gap="lg" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={120} radius="lg" />
            <Skeleton height={280} radius="lg" />
          </Stack>
        ) : !coins ? (
          <ErrorState
            title={t('wallet.balances.errorTitle')}
            message={t('wallet.balances.error')}
            onRetry={() => void balances.refetch()}
          />
        ) : !coin ? (
          <Center py="xl">
            <EmptyState
              title={t('wallet.balances.emptyTitle')}
              description={t('wallet.balances.emptyText')}
            />
          </Center>
        ) : (
          <>
            <WalletSummary coins={coins} />
            <BalancesTable
              coins={coins}
              onDeposit={(code) => open('deposit', code)}
              onSend={(code) => open('send', code)}
            />
            <HeldAwards coins={coins} />
            <Tabs
              id={TABS_ID}
              value={tab}
              onChange={(value) => {
                if (isTab(value)) open(value);
              }}
              // Only the open tab loads its data.
              keepMounted={false}
              style={{ scrollMarginTop: 80 }}
            >
              <Tabs.List grow className={classes.tabsList}>
                <Tabs.Tab value="deposit">{t('wallet.tabs.deposit')}</Tabs.Tab>
                <Tabs.Tab value="send">{t('wallet.tabs.send')}</Tabs.Tab>
                <Tabs.Tab value="history">{t('wallet.tabs.history')}</Tabs.Tab>
                <Tabs.Tab value="bond">{t('wallet.tabs.bond')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="deposit" pt="lg">
                <DepositPanel coins={coins} coin={coin} onCoinChange={selectCoin} />
              </Tabs.Panel>
              <Tabs.Panel value="send" pt="lg">
                <WithdrawPanel
                  coins={coins}
                  coin={coin}
                  onCoinChange={selectCoin}
                  onOpenBond={() => open('bond')}
                />
              </Tabs.Panel>
              <Tabs.Panel value="history" pt="lg">
                <HistoryPanel coins={coins} />
              </Tabs.Panel>
              <Tabs.Panel value="bond" pt="lg">
                {/* The bond panel's confirmations are the only @mantine/modals users. */}
                <ModalsProvider>
                  <BondPanel coins={coins} />
                </ModalsProvider>
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
    </Container>
  );
}
