import { offerSorts, type CryptoCurrency, type OfferSort } from '@app/contract';
import {
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CountryPicker,
  CryptoPicker,
  FiatCurrencyPicker,
  PaymentMethodPicker,
  TagsPicker,
  useCatalogueNames,
  usePaymentMethodGroups,
  usePaymentMethods,
} from '@/features/catalogue';
import { usePaymentMethod } from '../api/get-payment-method';
import { PopularMethods } from './popular-methods';
import { sanitizeAmountText, toAmountValue } from '../utils/amount-input';
import { GIFT_CARDS_GROUP, type MarketFilters } from '../utils/search-params';

export type FilterChange = (next: MarketFilters, options?: { replace?: boolean }) => void;

type FilterPanelProps = {
  filters: MarketFilters;
  onChange: FilterChange;
  onClear: () => void;
  cryptos: readonly CryptoCurrency[];
};

/** Typing fields write to the address this long after the last keystroke (and replace, not push). */
const TYPING_DELAY_MS = 400;

/**
 * A text field whose value lives in the address: it shows what is typed at once, writes the address
 * after a pause, and follows the address when it changes from outside (back button, "clear filters").
 */
function useAddressText(
  value: string | null,
  commit: (text: string) => void,
  normalize: (t: string) => string | null,
) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  const debounced = useDebouncedCallback(commit, TYPING_DELAY_MS);
  // The address changed from outside: follow it, unless it already says what the text means (`12.` is 12).
  // (State adjusted while rendering, React's pattern for "reset state when a prop changes".)
  if (seen !== value) {
    setSeen(value);
    if (normalize(text) !== value) setText(value ?? '');
  }
  return {
    text,
    change: (next: string) => {
      setText(next);
      debounced(next);
    },
  };
}

const normalizeBin = (text: string) => (/^\d{6,8}$/.test(text) ? text : null);

/**
 * The search's filters (spec, section 2). Every change is a new address: choices push a history entry,
 * typed fields replace the current one after a pause, so the back button steps through searches.
 */
export function FilterPanel({ filters, onChange, onClear, cryptos }: FilterPanelProps) {
  const { t } = useTranslation();
  const giftCards = filters.area === 'gift-cards';
  const groups = usePaymentMethodGroups();
  const names = useCatalogueNames();
  const methods = usePaymentMethods();
  const method = usePaymentMethod(giftCards ? filters.paymentMethod : null);
  const set = (patch: Partial<MarketFilters>, replace = false) =>
    onChange({ ...filters, ...patch }, { replace });

  const amount = useAddressText(
    filters.fiatMin,
    (text) => set({ fiatMin: toAmountValue(text) }, true),
    toAmountValue,
  );
  const bin = useAddressText(
    filters.binCode,
    (text) => set({ binCode: normalizeBin(text) }, true),
    normalizeBin,
  );

  const cryptoCode = cryptos.find((crypto) => crypto.urlParam === filters.crypto)?.code ?? null;
  const amountCurrency = filters.convertFromUSD ? 'USD' : filters.currencyCode;
  const groupOptions = (groups.data ?? [])
    .slice()
    .sort((a, b) => a.order - b.order)
    .map((group) => ({ value: group.slug, label: names.group(group.slug, group.name.localized) }));
  const regionOptions = (method.data?.regions ?? []).map((region) => ({
    value: String(region.id),
    label: region.name,
  }));

  return (
    <Stack
      gap="md"
      component="form"
      aria-label={t('marketplace.filters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <SegmentedControl
        fullWidth
        value={filters.side}
        onChange={(side) => set({ side: side === 'sell' ? 'sell' : 'buy' })}
        data={[
          { value: 'buy', label: t('marketplace.filters.sideBuy') },
          { value: 'sell', label: t('marketplace.filters.sideSell') },
        ]}
        aria-label={t('marketplace.filters.side')}
      />
      <CryptoPicker
        label={t('marketplace.filters.crypto')}
        value={cryptoCode}
        codes={cryptos.map((crypto) => crypto.code)}
        onChange={(_code, crypto) => {
          if (crypto) set({ crypto: crypto.urlParam });
        }}
      />
      {giftCards ? null : (
        <Select
          label={t('marketplace.filters.group')}
          data={groupOptions}
          value={filters.group ?? 'all-payment-methods'}
          disabled={!groups.data}
          allowDeselect={false}
          onChange={(slug) => {
            const group = slug === 'all-payment-methods' ? null : slug;
            const groupId = groups.data?.find((entry) => entry.slug === group)?.id;
            const current = methods.data?.find((entry) => entry.slug === filters.paymentMethod);
            // A method outside the new group would make the search empty: it goes with the group change.
            const keepMethod = group === null || !current || current.paymentMethodGroupId === groupId;
            set({ group, paymentMethod: keepMethod ? filters.paymentMethod : null });
          }}
        />
      )}
      <PaymentMethodPicker
        label={giftCards ? t('marketplace.filters.giftCard') : t('marketplace.filters.paymentMethod')}
        placeholder={t('marketplace.filters.anyMethod')}
        value={filters.paymentMethod}
        group={giftCards ? GIFT_CARDS_GROUP : filters.group}
        clearable
        onChange={(slug) => set({ paymentMethod: slug, cardRegion: null })}
      />
      <PopularMethods filters={filters} onPick={(slug) => set({ paymentMethod: slug, cardRegion: null })} />
      <FiatCurrencyPicker
        label={t('marketplace.filters.currency')}
        placeholder={t('marketplace.filters.anyCurrency')}
        value={filters.currencyCode}
        clearable
        onChange={(code) =>
          // Cleared: every currency, said in the address (`currencyCode=any`), so no default comes back.
          set({
            currencyCode: code,
            anyCurrency: code === null,
            convertFromUSD: code ? filters.convertFromUSD : false,
          })
        }
      />
      <Stack gap={6}>
        <TextInput
          size="sm"
          label={t('marketplace.filters.amount')}
          description={t('marketplace.filters.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          value={amount.text}
          rightSection={
            amountCurrency ? (
              <Text size="xs" c="dimmed" pr={6}>
                {amountCurrency}
              </Text>
            ) : undefined
          }
          rightSectionWidth={52}
          onChange={(event) => {
            const next = sanitizeAmountText(event.currentTarget.value);
            if (next !== null) amount.change(next);
          }}
        />
        {filters.currencyCode && filters.currencyCode !== 'USD' ? (
          <Checkbox
            label={t('marketplace.filters.convertFromUSD', { currency: filters.currencyCode })}
            checked={filters.convertFromUSD}
            onChange={(event) => set({ convertFromUSD: event.currentTarget.checked })}
          />
        ) : null}
      </Stack>
      {giftCards ? (
        <>
          <TextInput
            size="sm"
            label={t('marketplace.filters.binCode')}
            description={t('marketplace.filters.binCodeHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={bin.text}
            onChange={(event) => {
              const next = event.currentTarget.value.trim();
              if (/^\d{0,8}$/.test(next)) bin.change(next);
            }}
          />
          <Select
            label={t('marketplace.filters.cardRegion')}
            placeholder={
              filters.paymentMethod
                ? t('marketplace.filters.anyRegion')
                : t('marketplace.filters.regionNeedsCard')
            }
            data={regionOptions}
            value={filters.cardRegion === null ? null : String(filters.cardRegion)}
            disabled={!filters.paymentMethod || regionOptions.length === 0}
            clearable
            onChange={(id) => set({ cardRegion: id ? Number(id) : null })}
          />
        </>
      ) : null}
      <CountryPicker
        label={t('marketplace.filters.usersCountry')}
        placeholder={t('marketplace.filters.anyCountry')}
        value={filters.usersCountryIso}
        clearable
        onChange={(iso) => set({ usersCountryIso: iso })}
      />
      <CountryPicker
        label={t('marketplace.filters.visitorCountry')}
        description={t('marketplace.filters.visitorCountryHint')}
        placeholder={t('marketplace.filters.myCountry')}
        value={filters.countryIso}
        clearable
        onChange={(iso) => set({ countryIso: iso })}
      />
      <TagsPicker
        label={t('marketplace.filters.tags')}
        placeholder={filters.tags.length === 0 ? t('marketplace.filters.anyTags') : undefined}
        value={filters.tags}
        paymentMethod={filters.paymentMethod}
        group={giftCards ? GIFT_CARDS_GROUP : filters.group}
        onChange={(tags) => set({ tags }, true)}
      />
      <Stack gap="sm">
        <Switch
          label={t('marketplace.filters.onlineUsers')}
          checked={filters.onlineUsers}
          onChange={(event) => set({ onlineUsers: event.currentTarget.checked })}
        />
        <Switch
          label={t('marketplace.filters.verifiedOffers')}
          description={t('marketplace.filters.verifiedOffersHint')}
          checked={filters.isVerifiedOffers}
          onChange={(event) => set({ isVerifiedOffers: event.currentTarget.checked })}
        />
        <Switch
          label={t('marketplace.filters.acceptableOnly')}
          description={t('marketplace.filters.acceptableOnlyHint')}
          checked={filters.acceptableOnly}
          onChange={(event) => set({ acceptableOnly: event.currentTarget.checked })}
        />
      </Stack>
      <Select
        label={t('marketplace.filters.sort')}
        data={offerSorts.map((sort) => ({ value: sort, label: t(`marketplace.sort.${sort}`) }))}
        value={filters.sortType}
        allowDeselect={false}
        onChange={(sort) => set({ sortType: (sort ?? 'default') as OfferSort })}
      />
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onClear}>
          {t('marketplace.filters.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
