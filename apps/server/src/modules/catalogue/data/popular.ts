/**
 * Popular payment methods per side (spec: "Popular payment methods come per buy and sell, each with a
 * country list and the groups ..."). `buy` is what people who buy crypto pay with; `sell` is what
 * sellers like to receive. Lists are method slugs, most used first; `WORLDWIDE` is the fallback list
 * for a country without its own.
 */
export type PopularSide = { country: Record<string, string[]>; groups: Record<string, string[]> };

const COUNTRY_LISTS: Record<string, string[]> = {
  WORLDWIDE: ['bank-transfer', 'paypal', 'amazon-gift-card', 'apple-gift-card', 'wise', 'revolut', 'skrill', 'western-union'],
  US: ['zelle', 'cash-app', 'paypal', 'venmo', 'chime', 'bank-transfer', 'amazon-gift-card', 'apple-gift-card'],
  NG: ['bank-transfer', 'opay', 'palmpay', 'kuda-bank', 'moniepoint', 'gtbank', 'access-bank', 'chipper-cash'],
  GB: ['faster-payments', 'revolut', 'monzo', 'paypal', 'wise', 'barclays', 'hsbc', 'starling-bank'],
  IN: ['upi', 'imps', 'paytm', 'phonepe', 'neft', 'google-pay', 'state-bank-of-india', 'hdfc-bank'],
  GH: ['mtn-mobile-money', 'telecel-cash', 'at-money', 'bank-transfer', 'gcb-bank', 'ecobank', 'chipper-cash'],
  KE: ['m-pesa', 'airtel-money', 'equity-bank', 'kcb-bank', 'bank-transfer', 'chipper-cash'],
  CA: ['interac-e-transfer', 'paypal', 'wise', 'rbc-royal-bank', 'td-bank', 'scotiabank'],
  AU: ['payid-osko', 'bank-transfer', 'commonwealth-bank', 'paypal', 'westpac', 'anz'],
  ZA: ['bank-transfer', 'fnb', 'capitec-bank', 'standard-bank', 'absa', 'nedbank'],
  BR: ['pix', 'ted-transfer', 'nubank', 'mercado-pago', 'picpay', 'itau'],
  MX: ['spei', 'oxxo', 'bbva', 'mercado-pago', 'banorte', 'citibanamex'],
  AR: ['mercado-pago', 'cbu-cvu-transfer', 'uala', 'brubank', 'banco-galicia', 'banco-de-la-nacion-argentina'],
  VE: ['pago-movil', 'banesco', 'zinli', 'banco-de-venezuela', 'mercantil-banco', 'bbva-provincial'],
  CO: ['nequi', 'bancolombia', 'daviplata', 'pse', 'efecty'],
  PH: ['gcash', 'maya', 'bdo-unibank', 'bpi', 'instapay-philippines', 'metrobank'],
  PK: ['jazzcash', 'easypaisa', 'meezan-bank', 'hbl', 'ubl'],
  UA: ['privatbank', 'monobank', 'card-to-card-transfer', 'oschadbank'],
  RU: ['sbp-faster-payments-system', 't-bank', 'sberbank', 'alfa-bank', 'card-to-card-transfer'],
  DE: ['sepa-bank-transfer', 'sepa-instant', 'paypal', 'revolut', 'wise', 'n26', 'sparkasse'],
  FR: ['sepa-bank-transfer', 'sepa-instant', 'lydia', 'revolut', 'paypal', 'wise'],
  ES: ['bizum', 'sepa-bank-transfer', 'sepa-instant', 'revolut', 'bbva', 'caixabank'],
  IT: ['sepa-bank-transfer', 'sepa-instant', 'satispay', 'revolut', 'paypal', 'intesa-sanpaolo'],
  NL: ['ideal', 'sepa-bank-transfer', 'sepa-instant', 'revolut', 'ing', 'abn-amro'],
  CN: ['alipay', 'wechat-pay', 'bank-transfer', 'icbc'],
};

const COMMON_GROUPS: Record<string, string[]> = {
  'bank-transfers': ['bank-transfer', 'sepa-bank-transfer', 'faster-payments', 'interac-e-transfer', 'pix', 'spei', 'imps'],
  'cash-deposits': ['cash-deposit-to-bank', 'cash-in-person', 'western-union', 'moneygram', 'walmart-2-walmart', 'oxxo'],
  'debitcredit-cards': ['visa-debit-credit-card', 'mastercard-debit-credit-card', 'american-express-card', 'card-to-card-transfer'],
  'digital-currencies': ['litecoin', 'tether-payment', 'ethereum-payment', 'binance-pay', 'bitcoin-lightning', 'solana'],
  'gift-cards': ['amazon-gift-card', 'apple-gift-card', 'steam-wallet-gift-card', 'google-play-gift-card', 'razer-gold-gift-card', 'visa-gift-card', 'sephora-gift-card'],
  'online-transfers': ['paypal', 'cash-app', 'zelle', 'wise', 'revolut', 'skrill', 'venmo', 'payoneer'],
};

export const POPULAR: { buy: PopularSide; sell: PopularSide } = {
  buy: { country: COUNTRY_LISTS, groups: COMMON_GROUPS },
  sell: {
    // Sellers prefer methods without chargebacks: bank rails and mobile money over cards and PayPal.
    country: {
      ...COUNTRY_LISTS,
      WORLDWIDE: ['bank-transfer', 'wise', 'revolut', 'skrill', 'western-union', 'perfect-money', 'payeer'],
      US: ['zelle', 'cash-app', 'bank-transfer', 'chime', 'ach-transfer', 'venmo', 'paypal'],
      GB: ['faster-payments', 'revolut', 'monzo', 'wise', 'barclays', 'starling-bank'],
    },
    groups: {
      ...COMMON_GROUPS,
      'gift-cards': ['amazon-gift-card', 'steam-wallet-gift-card', 'apple-gift-card', 'google-play-gift-card', 'razer-gold-gift-card'],
      'online-transfers': ['wise', 'revolut', 'zelle', 'cash-app', 'skrill', 'payoneer', 'perfect-money', 'paypal'],
    },
  },
};
