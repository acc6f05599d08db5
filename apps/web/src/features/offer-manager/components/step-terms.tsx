import { MIN_PAST_TRADES_MAX, OFFER_TEXT_MAX } from '@app/contract';
import { Fieldset, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useCallback } from 'react';
import { useController, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TagsPicker } from '@/features/catalogue';
import type { OfferContext } from '../hooks/use-offer-context';
import { useOfferFieldError } from '../hooks/use-offer-field-error';
import { FormCheckbox, FormSwitch } from './form-toggles';
import type { OfferFormValues } from '../utils/offer-form';

/** A long text with its character counter (the counter turns red past the limit). */
function CountedTextarea({
  name,
  label,
  description,
  placeholder,
  error,
}: {
  name: 'offer_terms' | 'trade_details';
  label: string;
  description: string;
  placeholder: string;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { register, control } = useFormContext<OfferFormValues>();
  const value = useWatch({ control, name });
  const count = [...value].length;
  const counterId = `${name}-counter`;
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        description={description}
        placeholder={placeholder}
        autosize
        minRows={4}
        maxRows={14}
        aria-describedby={counterId}
        error={error}
        {...register(name)}
      />
      <Text
        id={counterId}
        size="xs"
        ta="right"
        c={count > OFFER_TEXT_MAX ? 'red' : 'dimmed'}
        data-testid={`${name}-count`}
      >
        {t('offerManager.terms.counter', { count, max: OFFER_TEXT_MAX })}
      </Text>
    </Stack>
  );
}

/**
 * Step 3: the owner's terms and trade details, tags that fit the payment method, the requirements a
 * trade partner must meet, and whether only trusted users see the offer.
 */
export function StepTerms({ context }: { context: OfferContext }) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<OfferFormValues>();
  const error = useOfferFieldError<OfferFormValues>(context.fiatPrecision);
  const tags = useController({ control, name: 'tags' });
  const method = useWatch({ control, name: 'payment_method' });
  const minTradesOn = useWatch({ control, name: 'requirements.min_trades_on' });
  const onTagsChange = tags.field.onChange;
  // The picker drops tags that no longer fit the method through onChange: keep the callback stable.
  const setTags = useCallback((slugs: string[]) => onTagsChange(slugs), [onTagsChange]);
  const checkbox = (name: FieldPath<OfferFormValues>, label: string, description: string) => (
    <FormCheckbox<OfferFormValues> name={name} label={label} description={description} />
  );

  return (
    <Stack gap="lg">
      <CountedTextarea
        name="offer_terms"
        label={t('offerManager.terms.offerTerms')}
        description={t('offerManager.terms.offerTermsHint')}
        placeholder={t('offerManager.terms.offerTermsPlaceholder')}
        error={error('offer_terms')}
      />
      <CountedTextarea
        name="trade_details"
        label={t('offerManager.terms.tradeDetails')}
        description={t('offerManager.terms.tradeDetailsHint')}
        placeholder={t('offerManager.terms.tradeDetailsPlaceholder')}
        error={error('trade_details')}
      />
      <TagsPicker
        label={t('offerManager.terms.tags')}
        description={method ? t('offerManager.terms.tagsHint') : t('offerManager.terms.tagsNeedMethod')}
        paymentMethod={method || null}
        value={tags.field.value}
        onChange={setTags}
        maxValues={10}
        error={error('tags')}
      />
      <Fieldset legend={t('offerManager.terms.requirements')} variant="filled">
        <Stack gap="sm">
          {checkbox(
            'requirements.verified_id',
            t('offerManager.requirements.VerifyId'),
            t('offerManager.requirements.VerifyIdHint'),
          )}
          {checkbox(
            'requirements.full_name',
            t('offerManager.requirements.ShowFullName'),
            t('offerManager.requirements.ShowFullNameHint'),
          )}
          <FormCheckbox<OfferFormValues>
            name="requirements.min_trades_on"
            label={t('offerManager.requirements.RemainingTrades')}
            description={t('offerManager.requirements.RemainingTradesHint')}
          />
          {minTradesOn ? (
            <Group pl={32}>
              <TextInput
                size="sm"
                label={t('offerManager.requirements.minTrades')}
                inputMode="numeric"
                maw={220}
                required
                error={error('requirements.min_trades')}
                description={t('offerManager.requirements.minTradesHint', { max: MIN_PAST_TRADES_MAX })}
                {...register('requirements.min_trades')}
              />
            </Group>
          ) : null}
          {checkbox(
            'requirements.vpn',
            t('offerManager.requirements.Vpn'),
            t('offerManager.requirements.VpnHint'),
          )}
        </Stack>
      </Fieldset>
      <FormSwitch<OfferFormValues>
        name="is_trusted_only"
        label={t('offerManager.terms.trustedOnly')}
        description={t('offerManager.terms.trustedOnlyHint')}
      />
    </Stack>
  );
}
