/**
 * Reference data for every feature: pickers for crypto, fiat currencies, payment methods, countries and
 * tags, their queries (long-lived, the server revalidates them with ETags), and THE amount formatting
 * (exact, at the catalogue's precisions: utils/format-decimal.ts, hooks/use-amount-format.ts).
 * Other features import from here only.
 */
export { CryptoPicker, type CryptoPickerProps } from './components/crypto-picker';
export { CryptoIcon } from './components/crypto-icon';
export { CryptoValue } from './components/crypto-value';
export { FiatCurrencyPicker, type FiatCurrencyPickerProps } from './components/fiat-currency-picker';
export { PaymentMethodPicker, type PaymentMethodPickerProps } from './components/payment-method-picker';
export { CountryPicker, type CountryPickerProps } from './components/country-picker';
export { TagsPicker, type TagsPickerProps } from './components/tags-picker';
export { getCryptoCurrenciesQueryOptions, useCryptoCurrencies } from './api/get-crypto-currencies';
export { getCurrenciesQueryOptions, useCurrencies } from './api/get-currencies';
export { getPaymentMethodsQueryOptions, usePaymentMethods } from './api/get-payment-methods';
export {
  getPopularPaymentMethodsQueryOptions,
  usePopularPaymentMethods,
} from './api/get-popular-payment-methods';
export { getPaymentMethodGroupsQueryOptions, usePaymentMethodGroups } from './api/get-payment-method-groups';
export { getCountriesQueryOptions, useCountries } from './api/get-countries';
export { getTagsQueryOptions, useTags, type TagsFilter } from './api/get-tags';
export { useCatalogueNames } from './hooks/use-catalogue-names';
export { useAmountFormat, type AmountFormat, type CryptoDisplay } from './hooks/use-amount-format';
export { countryName } from './utils/country-name';
export {
  formatCryptoAmount,
  formatDecimalString,
  formatFiatAmount,
  formatSignedCryptoAmount,
} from './utils/format-decimal';
export { paymentMethodIconUrl } from './utils/payment-method-icon';
