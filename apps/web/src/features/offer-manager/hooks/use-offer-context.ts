import {
  offerFlowTypes,
  type CryptoCurrency,
  type CryptoFiatRates,
  type Currency,
  type OfferRules,
  type PaymentMethodGroup,
  type PaymentMethodShort,
} from '@app/contract';
import { useMemo } from 'react';
import {
  useCryptoCurrencies,
  useCurrencies,
  usePaymentMethodGroups,
  usePaymentMethods,
} from '@/features/catalogue';
import { marketRate, useCryptoFiatRates } from '../api/get-crypto-fiat-rates';
import { useOfferRules } from '../api/get-offer-rules';
import type { OfferFlowType, OfferFormContext, OfferMethodContext } from '../utils/offer-form';

export type OfferContext = OfferFormContext & {
  /** The chosen method's row, once the catalogue has it. */
  methodInfo: PaymentMethodShort | null;
  /** Flow types the server accepts for this method and coin (`default` always). */
  flowTypes: OfferFlowType[];
  /** The chosen method's group (`online-transfers`): whether offers on it need a bond. */
  groupSlug: string | null;
  /** The coin is exempt from the bond (`excludedOfferFeatures` has `bond`). */
  bondExempt: boolean;
};

/** The reference lists the editor reads (the pickers load the same ones: no extra request). */
export type OfferCatalogue = {
  methods: readonly PaymentMethodShort[] | undefined;
  groups: readonly PaymentMethodGroup[] | undefined;
  cryptos:
    | { cryptoCurrencies: CryptoCurrency[]; metadata: Record<string, { excludedOfferFeatures: string[] }> }
    | undefined;
  currencies: readonly Currency[] | undefined;
  /** The operator's bounds (`GET /rest/v1/my-offers/rules`). */
  rules: OfferRules | undefined;
  /** The market rates the bounds are judged at (`GET /rest/v2/crypto-fiat-rates`). */
  rates: CryptoFiatRates | undefined;
};

/** Which flows fit (server rules, decision 0008): gcc-auto gift cards, bt-auto bank transfers, lite not for XMR. */
export function allowedFlowTypes(method: OfferMethodContext | null): OfferFlowType[] {
  if (!method) return [...offerFlowTypes];
  return offerFlowTypes.filter((flow) => {
    switch (flow) {
      case 'default':
        return true;
      case 'gcc-auto':
        return method.isGiftCard;
      case 'bt-auto':
        return method.isBankTransfer;
      case 'lite':
        return !method.liteExcluded;
    }
  });
}

/**
 * What the catalogue says about an offer: the fiat currency's precision (amounts and prices), what the
 * method and coin allow (gift card fields, BIN codes, flows). Unknown parts are null (lists loading).
 */
export function offerContextOf(
  values: { crypto_currency_code: string; fiat_currency_code: string; payment_method: string },
  catalogue: OfferCatalogue,
): OfferContext {
  const methodInfo = catalogue.methods?.find((method) => method.slug === values.payment_method) ?? null;
  const groupSlug = methodInfo
    ? catalogue.groups?.find((group) => group.id === methodInfo.paymentMethodGroupId)?.slug
    : undefined;
  const method: OfferMethodContext | null =
    methodInfo && groupSlug !== undefined && catalogue.cryptos
      ? {
          isGiftCard: groupSlug === 'gift-cards',
          isBankTransfer: groupSlug === 'bank-transfers',
          isMobileMoney: groupSlug === 'mobile-money',
          isBinCodeEnabled: methodInfo.isBinCodeEnabled,
          liteExcluded:
            catalogue.cryptos.metadata[values.crypto_currency_code]?.excludedOfferFeatures.includes(
              'lite-flow',
            ) ?? false,
        }
      : null;
  const currency = catalogue.currencies?.find((entry) => entry.code === values.fiat_currency_code);
  const usdFiat = catalogue.rates?.currencies.find((entry) => entry.code === values.fiat_currency_code)?.rate
    .usd;
  return {
    fiatPrecision: currency?.precision ?? null,
    method,
    methodInfo,
    flowTypes: allowedFlowTypes(method),
    bounds: catalogue.rules
      ? {
          rules: catalogue.rules,
          usdFiat: usdFiat && /[1-9]/.test(usdFiat) ? usdFiat : null,
          market: marketRate(catalogue.rates, values.crypto_currency_code, values.fiat_currency_code),
        }
      : null,
    groupSlug: groupSlug ?? null,
    bondExempt:
      catalogue.cryptos?.metadata[values.crypto_currency_code]?.excludedOfferFeatures.includes('bond') ??
      false,
  };
}

export function useOfferCatalogue(): OfferCatalogue {
  const methods = usePaymentMethods();
  const groups = usePaymentMethodGroups();
  const cryptos = useCryptoCurrencies();
  const currencies = useCurrencies();
  const rules = useOfferRules();
  const rates = useCryptoFiatRates();
  return useMemo(
    () => ({
      methods: methods.data,
      groups: groups.data,
      cryptos: cryptos.data,
      currencies: currencies.data?.currencies,
      rules: rules.data,
      rates: rates.data,
    }),
    [methods.data, groups.data, cryptos.data, currencies.data, rules.data, rates.data],
  );
}
