import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { isActiveTradeStatus, isAllowed, type CurrentUser } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useRealtimeEvent } from '@/shared/realtime';
import { useTabAlert } from '@/shared/tab-alert/use-tab-alert';
import { currentUserQueryKey, useCurrentUser } from '@/shared/session/current-user';
import { getNewTrade, type NewTrade } from '../api/get-new-trade';
import { tradeKeys } from '../api/query-keys';
import { useActiveTradesPolling } from '../hooks/use-active-trades-polling';
import { useTradeFormat } from '../hooks/use-trade-format';
import { counterpartyOf } from '../utils/counterparty';

/**
 * Watches the logged-in user's trades from every page: polls the active trades while there are some
 * (spec), and when a trade starts on one of the user's offers (the `trade.started` event, or a new
 * trade found by a poll) shows the new-trade modal with the trade and its offer (the v2 trade calls)
 * and flashes 'New trade started...' with the notification icon in every tab.
 * Spec rule for the fetch behind the modal: only when the user is allowed (their account may take part
 * in trades: the account policy's `chat`), is not already on that trade, no modal is open and no such
 * fetch is running.
 */
export function TradeAlerts() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  // Keyed by user: another login starts from a clean slate (its own baseline, polling from its flag).
  return (
    <UserTradeAlerts
      key={user.id}
      hasActiveTrades={user.hasActiveTrades}
      allowed={isAllowed(user.accountState, 'chat')}
    />
  );
}

/**
 * What the new trade is, in words, with the price its offer locked and a link to the offer. Its own
 * component: the amounts' formatting reads the reference lists, which only a shown alert needs (the
 * watcher runs on every page of every member).
 */
function NewTradeDetails({ announced, onLeave }: { announced: NewTrade; onLeave: () => void }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const localize = useLocalizePath();
  const { trade, offer } = announced;
  // The offer's price of one coin as the trade locked it (spec: `fiatCurrency.rate` by lower-case code).
  const lockedPrice = offer.fiatCurrency.rate[offer.cryptoCurrency.code.toLowerCase()] ?? null;
  return (
    <>
      <Text size="sm">
        {t(`trades.alerts.newTradeText.${trade.role === 'seller' ? 'seller' : 'buyer'}`, {
          partner: counterpartyOf(trade)?.username ?? '',
          fiat: format.fiat(trade.fiatAmount, trade.currency.code, trade.currency.precision),
          crypto: format.crypto(trade.cryptoAmount.amount, trade.cryptoCurrencyCode),
          method: trade.paymentMethod.name.localized,
        })}
      </Text>
      {lockedPrice ? (
        <Text size="sm" data-testid="new-trade-price">
          {t('trades.alerts.price', {
            crypto: offer.cryptoCurrency.code,
            price: format.fiat(lockedPrice, trade.currency.code, trade.currency.precision),
          })}
        </Text>
      ) : null}
      {offer.hash ? (
        <Anchor component={Link} to={localize(offer.url)} size="sm" onClick={onLeave}>
          {t('trades.alerts.offerLink')}
        </Anchor>
      ) : null}
    </>
  );
}

function UserTradeAlerts({ hasActiveTrades, allowed }: { hasActiveTrades: boolean; allowed: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const [announced, setAnnounced] = useState<NewTrade | null>(null);
  const newTrade = announced?.trade ?? null;
  // Read after an await: the values of now, not of the render that started the fetch.
  const pathname = useRef(location.pathname);
  const modalOpen = useRef(false);
  useEffect(() => {
    pathname.current = location.pathname;
    modalOpen.current = announced !== null;
  });
  /** Active trades the first poll found (they existed before: not news), then every one seen. */
  const known = useRef<Set<string> | null>(null);
  /** Trades already considered for the alert: each is announced at most once. */
  const considered = useRef(new Set<string>());
  const loading = useRef(false);
  useTabAlert(newTrade ? t('trades.alerts.newTradeTitle') : null);

  const viewing = (hash: string) => pathname.current.endsWith(`/trade/${hash}`);

  const consider = async (hash: string) => {
    if (considered.current.has(hash)) return;
    considered.current.add(hash);
    if (!allowed || viewing(hash) || modalOpen.current || loading.current) return;
    loading.current = true;
    try {
      const found = await getNewTrade(hash);
      if (!found) return;
      queryClient.setQueryData(tradeKeys.trade(hash), found.trade);
      if (isActiveTradeStatus(found.trade.status) && !viewing(hash) && !modalOpen.current) {
        setAnnounced(found);
      }
    } catch {
      // The poll lists it anyway; the alert is a courtesy.
    } finally {
      loading.current = false;
    }
  };

  const polling = useActiveTradesPolling({
    active: hasActiveTrades,
    onResult: (trades) => {
      // The answer is newer than the current user's flag: keep the two in step, so the flag turning
      // true again later (a new trade) restarts the polling that an empty answer stopped.
      const running = trades.length > 0;
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
        user && user.hasActiveTrades !== running ? { ...user, hasActiveTrades: running } : user,
      );
      if (known.current === null) {
        // The first answer is what already existed when the app opened: nothing new in it.
        known.current = new Set(trades.map((trade) => trade.id));
        return;
      }
      for (const trade of trades) {
        if (known.current.has(trade.id)) continue;
        known.current.add(trade.id);
        if (trade.isVendor) void consider(trade.id);
      }
    },
  });

  useRealtimeEvent('trade.started', (frame) => {
    polling.restart();
    if (frame.tradeHash) void consider(frame.tradeHash);
  });
  useRealtimeEvent('trade.status', () => {
    void queryClient.invalidateQueries({ queryKey: tradeKeys.active() });
    polling.restart();
  });

  const close = () => setAnnounced(null);

  return (
    <Modal
      opened={newTrade !== null}
      onClose={close}
      title={t('trades.alerts.newTradeHeading')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {newTrade ? (
        <Stack gap="md" data-testid="new-trade-alert">
          {announced ? <NewTradeDetails announced={announced} onLeave={close} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('trades.alerts.later')}
            </Button>
            <Button
              onClick={() => {
                close();
                void navigate(localize(`/trade/${newTrade.id}`));
              }}
              data-testid="open-new-trade"
            >
              {t('trades.alerts.open')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
