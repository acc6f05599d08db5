import type { MyOffer } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Skeleton, Switch, Text } from '@mantine/core';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOffer, usedCap } from '@/features/offer';
import { useSetOfferCap } from '../api/quick-edit';
import { useFiatFormat } from '../hooks/use-fiat-format';
import { translateOfferFieldError } from '../utils/offer-errors';
import { quickCapDefaults, quickCapSchema, type QuickCapValues } from '../utils/quick-edit';
import { AmountInput } from './amount-input';
import { precisionOf, QuickEditForm, useQuickEditFailure } from './quick-edit-form-parts';

/** How much of the cap the offer's trades have used, from the offer's own page (the server's numbers). */
function CapUsage({ offer }: { offer: MyOffer }) {
  const { t } = useTranslation();
  const format = useFiatFormat();
  const view = useOffer(offer.idHashed);
  const fiat = offer.fiatCurrencyCode;
  const precision = precisionOf(offer.rangeMin);
  if (!offer.offerCap?.active) return null;
  if (view.isPending) return <Skeleton height={18} width="70%" />;
  const cap = view.data?.offerCap;
  if (!cap) {
    return view.isError ? (
      <Text size="sm" c="dimmed">
        {t('offerManager.quickEdit.capUsageError')}
      </Text>
    ) : null;
  }
  return (
    <Text size="sm" data-testid="cap-usage">
      {t('offerManager.quickEdit.capUsage', {
        used: format(usedCap(cap), fiat, precision),
        initial: format(cap.initialValue, fiat, precision),
        remaining: format(cap.remainingValue, fiat, precision),
      })}
    </Text>
  );
}

/**
 * The offer cap (spec: `POST /rest/v1/offers/{id}/offer-cap`): the most fiat this offer's trades may add
 * up to, after which buyers cannot start more; shown with what is used, switched off without losing it.
 */
export function QuickCapForm({ offer, onDone }: { offer: MyOffer; onDone: () => void }) {
  const { t } = useTranslation();
  const precision = precisionOf(offer.rangeMin);
  const mutation = useSetOfferCap();
  const form = useForm<QuickCapValues>({
    resolver: zodResolver(quickCapSchema(precision)),
    defaultValues: quickCapDefaults(offer),
  });
  const failure = useQuickEditFailure(form, ['offer_cap'], precision);
  const active = useController({ control: form.control, name: 'active' });
  const error = translateOfferFieldError(t, form.formState.errors.offer_cap, {
    field: 'offer_cap',
    fiatPrecision: precision,
  });
  const fiat = offer.fiatCurrencyCode;

  return (
    <QuickEditForm
      form={form}
      label={t('offerManager.quickEdit.capForm')}
      failure={failure}
      pending={mutation.isPending}
      onDone={onDone}
      save={async (values) => {
        await mutation.mutateAsync({
          id: offer.idHashed,
          amount: values.offer_cap.trim(),
          active: values.active,
        });
        return t(values.active ? 'offerManager.quickEdit.capSaved' : 'offerManager.quickEdit.capOff');
      }}
    >
      <Text size="sm" c="dimmed">
        {t('offerManager.quickEdit.capExplain')}
      </Text>
      <CapUsage offer={offer} />
      <AmountInput<QuickCapValues>
        name="offer_cap"
        label={t('offerManager.quickEdit.capAmount', { currency: fiat })}
        rightSection={<Text size="xs">{fiat}</Text>}
        rightSectionWidth={48}
        error={error}
        maw={280}
      />
      <Switch
        label={t('offerManager.quickEdit.capActive')}
        checked={active.field.value}
        onChange={(event) => active.field.onChange(event.currentTarget.checked)}
      />
    </QuickEditForm>
  );
}
