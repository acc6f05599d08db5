import type { OfferView } from '@app/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatFiat } from '@/features/marketplace';
import { isKycRefusal, VerificationLink } from '@/features/verification';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { useStartTrade } from '../api/start-trade';
import { amountProblem, deriveTradeAmounts, type AmountProblem, type AmountSide } from '../utils/amounts';
import { effectiveMax, type TradeBlock } from '../utils/offer-state';
import { formatMarginPercent } from '../utils/format';
import { priceChangeOf, startTradeFailure, type StartTradeError } from '../utils/start-trade-errors';
import { applicableWarnings, pendingWarnings, viewerSide, type OfferWarning } from '../utils/warnings';
import { AmountInputs } from './amount-inputs';
import { IconClock } from '@/shared/ui/icons';
import classes from './offer.module.css';
import { StartTradeModal, type TradeReview } from './start-trade-modal';
import { WarningsModal } from './warnings-modal';

type TradePanelProps = {
  view: OfferView;
  /** Why no trade can start now (the page explains it above); null when one can. */
  block: TradeBlock | null;
  /** Base-unit decimals of the coin: fiat -> crypto rounds down to them. */
  cryptoDecimals: number;
  cryptoIcon: string;
  paymentGroupSlug: string | null;
  paymentMethodName: string;
  /** The `fiat-min` of the address, when numeric: the amount the visitor searched with. */
  initialFiat: string | null;
  /** False while something the warnings depend on still loads. */
  ready: boolean;
};

/**
 * The trade widget of the offer page: the live price, the amounts (converted exactly both ways with the
 * offer's price and capped to the viewer's maximum), the warnings that apply, a confirmation, and the
 * start call. A failure keeps the server's error list on screen and puts an amount problem on the field.
 * Accepted warnings are remembered while the page is open.
 */
export function TradePanel({
  view,
  block,
  cryptoDecimals,
  cryptoIcon,
  paymentGroupSlug,
  paymentMethodName,
  initialFiat,
  ready,
}: TradePanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const { offer } = view;
  const side = viewerSide(view);
  const price = offer.fiatPricePerCrypto;
  const precision = offer.fiatCurrency.precision;
  const { max, reason: maxReason } = effectiveMax(view);
  const predefined = offer.predefinedAmount;

  const [typed, setTyped] = useState<{ side: AmountSide; text: string }>(() => ({
    side: 'fiat',
    text:
      initialFiat !== null && (predefined.length === 0 || predefined.includes(initialFiat))
        ? initialFiat
        : '',
  }));
  const [clampedByTyping, setClampedByTyping] = useState(false);
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [serverAmountError, setServerAmountError] = useState<string | null>(null);
  const [errors, setErrors] = useState<StartTradeError[]>([]);
  const [accepted, setAccepted] = useState<ReadonlySet<OfferWarning>>(new Set());
  const [warningQueue, setWarningQueue] = useState<{ queue: OfferWarning[]; total: number } | null>(null);
  const [review, setReview] = useState<TradeReview | null>(null);
  const start = useStartTrade();

  // Derived on every render, so a new price (the page re-reads the offer every 30 s) re-converts the
  // amount the user did not type.
  const amounts = useMemo(
    () =>
      deriveTradeAmounts({
        side: typed.side,
        text: typed.text,
        price: price ?? '0',
        fiatPrecision: precision,
        cryptoDecimals,
        max,
      }),
    [typed, price, precision, cryptoDecimals, max],
  );

  const change = (which: AmountSide, text: string) => {
    const next = deriveTradeAmounts({
      side: which,
      text,
      price: price ?? '0',
      fiatPrecision: precision,
      cryptoDecimals,
      max,
    });
    // Above the maximum the inputs hold the maximum from now on (the field says so).
    setTyped(next.clamped ? { side: 'fiat', text: next.fiatText } : { side: which, text });
    setClampedByTyping(next.clamped);
    setProblem(null);
    setServerAmountError(null);
  };

  const formattedMax = formatFiat(max, offer.fiatCurrency.code, locale);
  const clampedNote =
    clampedByTyping || amounts.clamped ? t('offer.trade.clamped', { max: formattedMax }) : null;
  const problemText = (kind: AmountProblem): string => {
    switch (kind) {
      case 'required':
        return t('offer.trade.problems.required');
      case 'belowMin':
        return t('offer.trade.problems.belowMin', {
          min: formatFiat(offer.fiatLimitMin, offer.fiatCurrency.code, locale),
        });
      case 'notPredefined':
        return t('offer.trade.problems.notPredefined');
      case 'tooSmall':
        return t('offer.trade.problems.tooSmall', { crypto: offer.altCoin.code });
    }
  };
  const amountError = serverAmountError ?? (problem ? problemText(problem) : null);

  const warnings = applicableWarnings(view, { paymentGroupSlug });

  const openReview = () => {
    if (!amounts.fiatAmount || !amounts.cryptoAmount || !price) return;
    setReview({
      side,
      fiatAmount: amounts.fiatAmount,
      fiatCode: offer.fiatCurrency.code,
      cryptoAmount: amounts.cryptoAmount,
      cryptoCode: offer.altCoin.code,
      cryptoDecimals,
      price,
      paymentMethod: paymentMethodName,
      paymentWindow: offer.paymentWindow,
      owner: offer.ownerUsername,
      previous: null,
    });
  };

  /** Start: check the amount, then the warnings still to accept, then the confirmation. */
  const begin = () => {
    setErrors([]);
    const found = amountProblem(amounts, { min: offer.fiatLimitMin, predefined });
    if (found) {
      setProblem(found);
      return;
    }
    const pending = pendingWarnings(warnings, accepted);
    if (pending.length > 0) {
      setWarningQueue({ queue: pending, total: pending.length });
      return;
    }
    openReview();
  };

  const acceptWarning = (warning: OfferWarning) => {
    setAccepted((current) => new Set(current).add(warning));
    const rest = warningQueue?.queue.filter((w) => w !== warning) ?? [];
    if (rest.length > 0) {
      setWarningQueue((current) => (current ? { ...current, queue: rest } : null));
      return;
    }
    setWarningQueue(null);
    openReview();
  };

  const confirm = () => {
    if (!review) return;
    start.mutate(
      // The price shown: beyond the tolerance the server answers price_changed and starts nothing.
      { offer_hash: offer.id, fiat_amount: review.fiatAmount, expected_price: review.price },
      {
        onSuccess: (trade) => {
          setReview(null);
          void navigate(localize(`/trade/${encodeURIComponent(trade.id)}`));
        },
        onError: (error) => {
          const moved = priceChangeOf(error);
          if (moved) {
            // Ask again with the server's new price and amount; a second confirm sends the new price.
            setReview({
              ...review,
              price: moved.price,
              cryptoAmount: moved.cryptoAmount,
              previous: { price: review.price, cryptoAmount: review.cryptoAmount },
            });
            return;
          }
          setReview(null);
          const failure = startTradeFailure(error, t('offer.trade.startFailed'));
          setErrors(failure.errors);
          setServerAmountError(failure.amountError);
        },
      },
    );
  };

  const disabled = block !== null;
  const action =
    side === 'buy'
      ? t('offer.trade.buy', { crypto: offer.altCoin.code })
      : t('offer.trade.sell', { crypto: offer.altCoin.code });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="trade-panel">
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            {t('offer.trade.pricePer', { crypto: offer.altCoin.code })}
          </Text>
          {price ? (
            <Group gap="sm" align="baseline">
              <Text className={classes.price} data-testid="offer-page-price">
                {formatFiat(price, offer.fiatCurrency.code, locale)}
              </Text>
              {offer.margin !== null ? (
                <Badge variant="light" color="gray" data-testid="offer-page-margin">
                  {t('offer.trade.margin', { margin: formatMarginPercent(offer.margin, locale) })}
                </Badge>
              ) : (
                <Badge variant="light" color="gray">
                  {t('offer.trade.fixedPrice')}
                </Badge>
              )}
            </Group>
          ) : (
            <Text fw={600} data-testid="offer-page-price">
              {t('offer.trade.noPrice')}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {t('offer.trade.liveNote')}
          </Text>
        </div>

        <AmountInputs
          side={side}
          fiatCode={offer.fiatCurrency.code}
          fiatPrecision={precision}
          cryptoCode={offer.altCoin.code}
          cryptoIcon={cryptoIcon}
          cryptoDecimals={cryptoDecimals}
          amounts={amounts}
          predefined={predefined}
          disabled={disabled}
          error={amountError}
          clampedNote={clampedNote}
          onChange={change}
        />

        {predefined.length === 0 ? (
          <Text size="sm" data-testid="trade-limits">
            {t('offer.trade.limits', {
              min: formatFiat(offer.fiatLimitMin, offer.fiatCurrency.code, locale),
              max: formatFiat(offer.fiatLimitMax, offer.fiatCurrency.code, locale),
            })}
            {maxReason !== 'offer' ? (
              <>
                {' '}
                <Text span c="orange" fw={600} data-testid="trade-your-max">
                  {maxReason === 'newBuyer'
                    ? t('offer.trade.yourMaxNewBuyer', { max: formattedMax })
                    : t('offer.trade.yourMaxCap', { max: formattedMax })}
                </Text>
              </>
            ) : null}
          </Text>
        ) : null}

        {errors.length > 0 ? (
          <Alert
            color="red"
            variant="light"
            title={t('offer.trade.startFailedTitle')}
            data-testid="start-errors"
          >
            <Stack gap={4}>
              {errors.map((error, index) => (
                <Text size="sm" key={`${error.code}-${index}`} data-kind={error.kind}>
                  {error.kind === 'default'
                    ? error.message
                    : `${t(`offer.trade.errors.${error.kind}`)} ${error.message}`}
                </Text>
              ))}
              {/* A limit or block of the verification level: the way to raise it. */}
              {errors.some((error) => isKycRefusal(error.code)) ? (
                <Text size="sm">
                  <VerificationLink />
                </Text>
              ) : null}
            </Stack>
          </Alert>
        ) : null}

        <Button
          size="md"
          color={side === 'buy' ? 'teal' : 'red'}
          onClick={begin}
          disabled={disabled}
          loading={start.isPending || !ready}
          data-testid="start-trade"
        >
          {action}
        </Button>
        <Group gap={6} c="dimmed">
          <IconClock size={16} />
          <Text size="xs">{t('offer.trade.windowNote', { count: offer.paymentWindow })}</Text>
        </Group>
      </Stack>

      <WarningsModal
        queue={warningQueue?.queue ?? null}
        total={warningQueue?.total ?? 0}
        offerTerms={offer.offerTerms}
        paymentMethod={paymentMethodName}
        onAccept={acceptWarning}
        onCloseAll={() => setWarningQueue(null)}
      />
      <StartTradeModal
        review={review}
        pending={start.isPending}
        onConfirm={confirm}
        onClose={() => setReview(null)}
      />
    </Paper>
  );
}
