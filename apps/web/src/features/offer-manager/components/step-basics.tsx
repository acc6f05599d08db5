import { OFFER_LABEL_MAX } from '@app/contract';
import { Input, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CryptoPicker,
  FiatCurrencyPicker,
  PaymentMethodPicker,
  usePaymentMethodGroups,
} from '@/features/catalogue';
import { allowedFlowTypes, type OfferContext } from '../hooks/use-offer-context';
import { useOfferBond } from '../hooks/use-offer-bond';
import { useOfferFieldError } from '../hooks/use-offer-field-error';
import type { OfferFormValues } from '../utils/offer-form';
import { OfferBondNotice } from './offer-bond-notice';
import { PaymentAccountsPicker } from './payment-accounts-picker';

/**
 * Step 1: what the offer trades. The side is the owner's (a sell offer sells crypto); the payment method
 * decides the market area (gift card methods list under gift cards) and which flows remain possible.
 * A sell offer paid by bank transfer or mobile money also names the accounts buyers pay into. A method
 * that needs a security deposit says so here, with the amount, before anything else is typed.
 */
export function StepBasics({
  context,
  isNew = false,
}: {
  context: OfferContext;
  /** A new offer (not an edit): its only fitting account is ticked for it. */
  isNew?: boolean;
}) {
  const { t } = useTranslation();
  const { control, register, setValue, getValues } = useFormContext<OfferFormValues>();
  const error = useOfferFieldError<OfferFormValues>(context.fiatPrecision);
  const type = useController({ control, name: 'type' });
  const crypto = useController({ control, name: 'crypto_currency_code' });
  const method = useController({ control, name: 'payment_method' });
  const fiat = useController({ control, name: 'fiat_currency_code' });
  const groups = usePaymentMethodGroups();
  const bond = useOfferBond(crypto.field.value, context);

  const onMethodChange = (slug: string | null, groupId: number | null) => {
    method.field.onChange(slug ?? '');
    const groupSlug = groups.data?.find((group) => group.id === groupId)?.slug;
    const isGiftCard = groupSlug === 'gift-cards';
    // Gift card methods list in the gift card area (the demo market does the same); leaving one goes
    // back to the open market. The silent pool, chosen on purpose, stays.
    const area = getValues('area');
    if (isGiftCard) setValue('area', 'gift-cards');
    else if (area === 'gift-cards') setValue('area', 'otc');
    const flows = allowedFlowTypes(
      groupSlug === undefined
        ? null
        : {
            isGiftCard,
            isBankTransfer: groupSlug === 'bank-transfers',
            isMobileMoney: groupSlug === 'mobile-money',
            isBinCodeEnabled: false,
            liteExcluded: context.method?.liteExcluded ?? false,
          },
    );
    if (!flows.includes(getValues('flow_type'))) setValue('flow_type', 'default');
  };

  return (
    <Stack gap="md">
      <Input.Wrapper
        label={t('offerManager.basics.type')}
        labelElement="div"
        labelProps={{ id: 'offer-type-label' }}
        description={t('offerManager.basics.typeHint')}
      >
        <SegmentedControl
          mt={6}
          fullWidth
          aria-labelledby="offer-type-label"
          value={type.field.value}
          onChange={(value) => type.field.onChange(value === 'buy' ? 'buy' : 'sell')}
          data={[
            { value: 'sell', label: t('offerManager.basics.sell', { crypto: crypto.field.value }) },
            { value: 'buy', label: t('offerManager.basics.buy', { crypto: crypto.field.value }) },
          ]}
        />
      </Input.Wrapper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CryptoPicker
          label={t('offerManager.basics.crypto')}
          value={crypto.field.value || null}
          onChange={(code) => crypto.field.onChange(code ?? '')}
          onBlur={crypto.field.onBlur}
          required
          error={error('crypto_currency_code')}
        />
        <FiatCurrencyPicker
          label={t('offerManager.basics.currency')}
          value={fiat.field.value || null}
          onChange={(code) => fiat.field.onChange(code ?? '')}
          onBlur={fiat.field.onBlur}
          required
          error={error('fiat_currency_code')}
        />
        <PaymentMethodPicker
          label={t('offerManager.basics.paymentMethod')}
          value={method.field.value || null}
          onChange={(slug, row) => onMethodChange(slug, row?.paymentMethodGroupId ?? null)}
          onBlur={method.field.onBlur}
          required
          error={error('payment_method')}
        />
        <TextInput
          size="sm"
          label={t('offerManager.basics.label')}
          placeholder={t('offerManager.basics.labelHint', { count: OFFER_LABEL_MAX })}
          maxLength={OFFER_LABEL_MAX}
          error={error('payment_method_label')}
          {...register('payment_method_label')}
        />
      </SimpleGrid>
      <OfferBondNotice bond={bond} methodName={context.methodInfo?.name.localized ?? method.field.value} />
      <PaymentAccountsPicker context={context} preselect={isNew} />
    </Stack>
  );
}
