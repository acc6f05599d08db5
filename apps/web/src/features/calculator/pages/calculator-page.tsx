import type { CalculatorCurrency } from '@app/contract';
import { Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CryptoIcon, FiatCurrencyPicker } from '@/features/catalogue';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { useCalculator } from '../api/get-calculator';
import { useCryptoRates } from '../api/get-crypto-rates';
import { AmountConverter } from '../components/amount-converter';
import { CalculatorSkeleton } from '../components/calculator-skeleton';
import { CurrenciesTable } from '../components/currencies-table';
import { PriceChart } from '../components/price-chart';
import { PriceSummary } from '../components/price-summary';
import { RangeButtons } from '../components/range-buttons';
import { TOP_OFFERS_PER_SIDE, TopOffersSlot } from '../components/top-offers-slot';
import { UnknownCurrency } from '../components/unknown-currency';
import { deriveAmounts, type AmountSide, type Amounts } from '../utils/amounts';
import { CALCULATOR_CRYPTO, calculatorPath, parseCalculatorPair } from '../utils/calculator-path';
import { parseRange, rangeButtonOf } from '../utils/chart-range';

/** What the user typed last, and in which currency; null until they type (the default amount shows). */
type TypedAmount = { currency: string; side: AmountSide; text: string } | null;

/**
 * Both amounts for `current`. A fiat amount typed under another currency is carried over as its BTC
 * value (so following a row of the currencies table shows the value the row showed); a BTC amount stays.
 */
function amountsFor(
  typed: TypedAmount,
  current: CalculatorCurrency,
  currencies: CalculatorCurrency[],
): Amounts {
  const derive = (side: AmountSide, text: string) =>
    deriveAmounts(side, text, current.rate.btc, current.precision);
  if (typed === null) return derive('fiat', current.defaultAmount);
  if (typed.currency === current.code || typed.side === 'crypto') return derive(typed.side, typed.text);
  const previous = currencies.find((currency) => currency.code === typed.currency);
  if (!previous) return derive('fiat', current.defaultAmount);
  const carried = deriveAmounts('fiat', typed.text, previous.rate.btc, previous.precision).cryptoAmount;
  return derive('crypto', carried.replace(/\.?0+$/, '') || '0');
}

function Calculator({ currencyCode }: { currencyCode: string }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const range = parseRange(searchParams.get('range'));
  const calculator = useCalculator({ currency: currencyCode, range });
  const rates = useCryptoRates(currencyCode, { enabled: calculator.data?.currency === currencyCode });
  const [typed, setTyped] = useState<TypedAmount>(null);

  const unknown = !calculator.data && isApiError(calculator.error) && calculator.error.status === 404;
  useDocumentTitle(
    unknown
      ? t('catalogue.calculator.unknown.title')
      : t('catalogue.calculator.title', { crypto: CALCULATOR_CRYPTO, currency: currencyCode }),
  );
  if (unknown) return <UnknownCurrency code={currencyCode} />;

  const data = calculator.data;
  const current = data?.currencies.find((currency) => currency.code === currencyCode);
  const pathOf = (code: string) => localize(calculatorPath(code));
  const search = searchParams.toString();

  let body;
  if (data && current) {
    const amounts = amountsFor(typed, current, data.currencies);
    const change24h = rates.isPending
      ? undefined
      : (rates.data?.rates.find((rate) => rate.code === CALCULATOR_CRYPTO)?.change24hPercent ?? null);
    body = (
      <Stack gap="lg">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper
              withBorder
              p={{ base: 'md', sm: 'lg' }}
              h="100%"
              component="section"
              aria-label={t('catalogue.calculator.converterLabel')}
            >
              <AmountConverter
                currencyCode={currencyCode}
                precision={current.precision}
                price={current.rate.btc}
                amounts={amounts}
                onAmountChange={(side, text) => setTyped({ currency: currencyCode, side, text })}
                updatedAt={data.updatedAt}
                currencyPicker={
                  <FiatCurrencyPicker
                    size="md"
                    label={t('catalogue.calculator.currencyLabel')}
                    value={currencyCode}
                    codes={data.currencies.map((currency) => currency.code)}
                    onChange={(code) => {
                      if (code && code !== currencyCode) {
                        void navigate(`${pathOf(code)}${search ? `?${search}` : ''}`);
                      }
                    }}
                  />
                }
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper
              withBorder
              p={{ base: 'md', sm: 'lg' }}
              h="100%"
              component="section"
              aria-label={t('catalogue.calculator.chart.label')}
            >
              <Group justify="space-between" align="flex-start" gap="md" mb="md">
                <PriceSummary
                  price={current.rate.btc}
                  currencyCode={currencyCode}
                  precision={current.precision}
                  change24h={change24h}
                />
                <RangeButtons
                  value={rangeButtonOf(range)}
                  onChange={(next) =>
                    setSearchParams(
                      (params) => {
                        params.set('range', next);
                        return params;
                      },
                      { preventScrollReset: true },
                    )
                  }
                />
              </Group>
              <PriceChart
                points={data.chart.points}
                range={data.chart.range}
                currencyCode={currencyCode}
                precision={current.precision}
                loading={calculator.isPlaceholderData}
              />
            </Paper>
          </Grid.Col>
        </Grid>
        <TopOffersSlot
          currencyCode={currencyCode}
          cryptoCode={CALCULATOR_CRYPTO}
          perSide={TOP_OFFERS_PER_SIDE}
        />
        <CurrenciesTable
          currencies={data.currencies}
          selectedCode={currencyCode}
          cryptoAmount={amounts.cryptoAmount}
          pathOf={pathOf}
        />
      </Stack>
    );
  } else if (calculator.isError || data) {
    body = (
      <ErrorState title={t('catalogue.calculator.loadFailed')} onRetry={() => void calculator.refetch()} />
    );
  } else {
    body = <CalculatorSkeleton />;
  }

  const currencyName = current?.name.localized ?? currencyCode;
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap={6} mb="lg">
        <Group gap="sm" wrap="nowrap">
          <CryptoIcon icon="btc" size={32} />
          <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
            {t('catalogue.calculator.title', { crypto: CALCULATOR_CRYPTO, currency: currencyCode })}
          </Title>
        </Group>
        <Text c="dimmed">{t('catalogue.calculator.lead', { currency: currencyName })}</Text>
      </Stack>
      {body}
    </Container>
  );
}

function UnknownCurrencyPage({ code }: { code: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('catalogue.calculator.unknown.title'));
  return <UnknownCurrency code={code} />;
}

/**
 * `/calculator/btc-to-{currencycode}` (and `/es/...`): converter, BTC chart (`?range=`, default month),
 * last price with its 24-hour change, and every currency's value of the amount. An address in capitals
 * is redirected to the lower-case one; an unknown currency shows its own state.
 */
export function CalculatorPage() {
  const { pair = '' } = useParams();
  const { search } = useLocation();
  const localize = useLocalizePath();
  const parsed = parseCalculatorPair(pair);
  if (!parsed) return <UnknownCurrencyPage code={pair} />;
  if (!parsed.canonical) {
    return <Navigate replace to={`${localize(calculatorPath(parsed.currency))}${search}`} />;
  }
  return <Calculator currencyCode={parsed.currency} />;
}
