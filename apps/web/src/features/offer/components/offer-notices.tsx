import type { KycLimitations, OfferView } from '@app/contract';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAmountFormat } from '@/features/catalogue';
import { formatFiat } from '@/features/marketplace';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { useTradeLimitsIn } from '@/features/verification';
import { discountedFeeToShow, usedCap, type TradeBlock } from '../utils/offer-state';
import { viewerSide } from '../utils/warnings';
import { IconAlertTriangle, IconCircleCheck, IconInfo } from '@/shared/ui/icons';

type OfferNoticesProps = {
  view: OfferView;
  block: TradeBlock | null;
  /** The offer's escrow fee in percent, when known (the discounted fee is compared with it). */
  offerFeePercent: string | null;
};

const KNOWN_FLASH_TYPES = ['OfferIsBlocked'] as const;
type KnownFlashType = (typeof KNOWN_FLASH_TYPES)[number];
const isKnownFlash = (type: string): type is KnownFlashType =>
  (KNOWN_FLASH_TYPES as readonly string[]).includes(type);

/**
 * What a trader whose ID is not verified may trade, with the amounts (issue 26: "a maximum per trade, a
 * daily limit" said none): the level's per-trade and daily limits in the offer's currency at the current
 * rate (in USD when no rate is known), what is left today, and the running trades allowed at once.
 * Null while they load, when they failed, or when the level has no such limit.
 */
function useIdLimitsText(limitations: KycLimitations | undefined): string | null {
  const { t } = useTranslation();
  const format = useAmountFormat();
  if (!limitations?.trade) return null;
  const { trade, tradeInFiat } = limitations;
  const money = (fiat: string | null | undefined, usd: string | null) =>
    tradeInFiat
      ? fiat
        ? format.fiat(fiat, tradeInFiat.fiatCurrencyCode)
        : null
      : usd
        ? format.fiat(usd, 'USD')
        : null;
  const perTrade = money(tradeInFiat?.perTrade, trade.perTradeUsd);
  const daily = money(tradeInFiat?.dailyLimit, trade.daily.limitUsd);
  const dailyLeft = money(tradeInFiat?.dailyLeft, trade.daily.leftUsd);
  const parts: string[] = [];
  if (perTrade) parts.push(t('offer.notices.limitPerTrade', { amount: perTrade }));
  if (daily && dailyLeft) parts.push(t('offer.notices.limitDaily', { amount: daily, left: dailyLeft }));
  if (trade.maxActiveTrades !== null) {
    parts.push(t('offer.notices.limitActive', { count: trade.maxActiveTrades }));
  }
  if (parts.length === 0) return null;
  const list = new Intl.ListFormat(format.locale, { type: 'conjunction' }).format(parts);
  return t('offer.notices.idNotVerifiedLimits', { limits: list });
}

/**
 * The state widget's messages (spec "View-offer state"): the server's flash messages, why no trade can
 * start, and what applies to this viewer (new-buyer maximum, ID not verified, trusted, grey country,
 * discounted escrow fee).
 */
export function OfferNotices({ view, block, offerFeePercent }: OfferNoticesProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const verificationPath = useNamedRoute('verification');
  const { offer } = view;
  const code = offer.fiatCurrency.code;
  const notices: { key: string; color: string; icon: ReactNode; title?: string; body: ReactNode }[] = [];
  const idNotVerified = !view.isOwner && view.isMaxTradeLimitUserIDNotVerified;
  const limits = useTradeLimitsIn(code, { enabled: idNotVerified });
  const limitsText = useIdLimitsText(limits.data);

  for (const [index, flash] of view.flashMessages.entries()) {
    notices.push({
      key: `flash-${index}`,
      color: 'orange',
      icon: <IconAlertTriangle />,
      body: isKnownFlash(flash.type) ? t(`offer.flash.${flash.type}`) : flash.text,
    });
  }

  switch (block) {
    case 'owner':
      notices.push({
        key: 'owner',
        color: 'blue',
        icon: <IconInfo />,
        body: (
          <>
            {t('offer.notices.owner')}{' '}
            <Anchor
              component={Link}
              to={localize(`/offer-manager/edit/${encodeURIComponent(offer.id)}`)}
              underline="always"
            >
              {t('offer.notices.editOffer')}
            </Anchor>
          </>
        ),
      });
      break;
    case 'country':
      notices.push({
        key: 'country',
        color: 'red',
        icon: <IconAlertTriangle />,
        body: t('offer.notices.country'),
      });
      break;
    case 'capReached': {
      const cap = view.offerCap;
      notices.push({
        key: 'cap',
        color: 'red',
        icon: <IconAlertTriangle />,
        title: offer.isReachedCap ? t('offer.notices.capReachedTitle') : t('offer.notices.capBelowMinTitle'),
        body: cap
          ? t('offer.notices.capUsed', {
              used: formatFiat(usedCap(cap), code, locale),
              initial: formatFiat(cap.initialValue, code, locale),
              remaining: formatFiat(cap.remainingValue, code, locale),
            }) +
            (cap.rate
              ? ` ${t('offer.notices.capRate', { rate: formatFiat(cap.rate, code, locale), crypto: offer.altCoin.code })}`
              : '')
          : t('offer.notices.capReachedTitle'),
      });
      break;
    }
    case 'unavailable':
      // The server's OfferIsBlocked flash says it already; a generic line only when it sent none.
      if (view.flashMessages.length === 0) {
        notices.push({
          key: 'unavailable',
          color: 'orange',
          icon: <IconAlertTriangle />,
          body: t('offer.flash.OfferIsBlocked'),
        });
      }
      break;
    case 'noPrice':
      notices.push({
        key: 'noPrice',
        color: 'orange',
        icon: <IconAlertTriangle />,
        body: t('offer.notices.noPrice'),
      });
      break;
    case 'requirements':
      notices.push({
        key: 'requirements',
        color: 'red',
        icon: <IconAlertTriangle />,
        body: t('offer.notices.requirements'),
      });
      break;
    case null:
      break;
  }

  if (!view.isOwner) {
    if (view.isGrayCountry) {
      notices.push({
        key: 'gray',
        color: 'orange',
        icon: <IconAlertTriangle />,
        body: t('offer.notices.grayCountry'),
      });
    }
    if (view.isTrustedUser) {
      notices.push({
        key: 'trusted',
        color: 'teal',
        icon: <IconCircleCheck />,
        body: t('offer.notices.trusted', { username: offer.ownerUsername }),
      });
    }
    if (view.isNewBuyer && viewerSide(view) === 'buy' && offer.newBuyerMaxFiatLimit !== null) {
      notices.push({
        key: 'newBuyer',
        color: 'blue',
        icon: <IconInfo />,
        body: t('offer.notices.newBuyer', {
          max: formatFiat(offer.newBuyerMaxFiatLimit, code, locale),
          username: offer.ownerUsername,
        }),
      });
    }
    if (idNotVerified) {
      const text = limitsText ?? t('offer.notices.idNotVerified');
      notices.push({
        key: 'idNotVerified',
        color: 'blue',
        icon: <IconInfo />,
        body: (
          <>
            {text}{' '}
            <Anchor component={Link} to={verificationPath} underline="always">
              {t('offer.notices.verifyId')}
            </Anchor>
          </>
        ),
      });
    }
    const discounted = discountedFeeToShow(view, offerFeePercent);
    if (discounted !== null) {
      notices.push({
        key: 'discount',
        color: 'teal',
        icon: <IconCircleCheck />,
        body: t('offer.notices.discountedFee', { fee: discounted, offerFee: offerFeePercent ?? '' }),
      });
    }
  }

  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="offer-notices">
      {notices.map((notice) => (
        <Alert
          key={notice.key}
          color={notice.color}
          variant="light"
          icon={notice.icon}
          title={notice.title}
          data-testid={`notice-${notice.key}`}
        >
          <Text size="sm">{notice.body}</Text>
        </Alert>
      ))}
    </Stack>
  );
}
