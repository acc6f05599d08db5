import { mergeOpeningHours } from '@app/contract';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Spoiler, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCatalogueNames, useTags } from '@/features/catalogue';
import { IconAlertCircle, IconCheck } from '@/shared/ui/icons';
import { useOfferBond } from '../hooks/use-offer-bond';
import type { OfferContext } from '../hooks/use-offer-context';
import { useFiatFormat } from '../hooks/use-fiat-format';
import { willBeActive } from '../utils/offer-bond';
import { requirementsToBody, type OfferFormValues, type WizardStep } from '../utils/offer-form';
import { BondPanelLink, useCryptoAmountFormat } from './offer-bond-notice';
import { paymentAccountsFieldOf, usePaymentAccountOptions } from './payment-accounts-picker';
import { PricePreviewCard } from './price-fields';
import { useWeekDayNames } from './opening-hours-editor';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ flex: '0 0 40%' }}>
        {label}
      </Text>
      <Text
        component="div"
        size="sm"
        ta="right"
        fw={500}
        style={{ overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {children}
      </Text>
    </Group>
  );
}

function ReviewSection({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: number;
  onEdit: (step: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(step)}>
          {t('offerManager.review.edit', { section: title })}
        </Anchor>
      </Group>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

/**
 * A text as the offer page shows it (line breaks kept), folded to a few lines with "show more"; an empty
 * text says what buyers will see instead.
 */
function TermsPreview({ text, testId, emptyText }: { text: string; testId: string; emptyText?: string }) {
  const { t } = useTranslation();
  if (!text.trim()) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {emptyText ?? '—'}
      </Text>
    );
  }
  return (
    <Spoiler
      maxHeight={88}
      showLabel={t('offerManager.review.showMore')}
      hideLabel={t('offerManager.review.showLess')}
      styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
        {text}
      </Text>
    </Spoiler>
  );
}

/**
 * Step 5: everything the offer will say, section by section with a way back to each step, the state the
 * offer will really have once published (the server stores it switched off when its bond falls short),
 * and the live price once more right before publishing.
 */
export function StepReview({
  context,
  onEdit,
  isBondInsufficient,
}: {
  context: OfferContext;
  onEdit: (step: number) => void;
  /** The loaded offer's bond fell short (the server's word, used while the live bond status is unknown). */
  isBondInsufficient: boolean;
}) {
  const { t } = useTranslation();
  const format = useFiatFormat();
  const dayName = useWeekDayNames();
  const { control } = useFormContext<OfferFormValues>();
  const values = useWatch({ control }) as OfferFormValues;
  const bond = useOfferBond(values.crypto_currency_code, context);
  const cryptoAmount = useCryptoAmountFormat();
  const bondShort = bond.state.kind === 'missing' || (bond.state.kind === 'unknown' && isBondInsufficient);
  const active = willBeActive(values.is_active, bond.state) && !bondShort;
  const tags = useTags({ paymentMethod: values.payment_method || null });
  const precision = context.fiatPrecision ?? 2;
  const fiat = values.fiat_currency_code;
  const money = (value: string) => (value.trim() ? format(value.trim(), fiat, precision) : '—');
  const yesNo = (value: boolean) => (value ? t('offerManager.review.yes') : t('offerManager.review.no'));
  const names = useCatalogueNames();
  const tagName = (slug: string) =>
    names.tag(slug, tags.data?.find((tag) => tag.slug === slug)?.name.localized ?? slug);
  const requirements = requirementsToBody(values.requirements) ?? [];
  const hours = mergeOpeningHours(values.opening_hours.filter((h) => h.start_time < h.end_time));
  const title = (step: WizardStep) => t(`offerManager.steps.${step}`);
  const accountsField = paymentAccountsFieldOf(values.type, context);
  const accounts = usePaymentAccountOptions(accountsField, { fiat, methodSlug: values.payment_method });
  const chosenAccounts = accountsField
    ? values[accountsField].map(
        (id) => accounts.options?.find((option) => option.id === id)?.label ?? `#${id}`,
      )
    : [];

  return (
    <Stack gap="md" data-testid="offer-review">
      <Alert
        color={active ? 'teal' : values.is_active ? 'yellow' : 'blue'}
        variant="light"
        icon={active ? <IconCheck /> : <IconAlertCircle />}
        title={t('offerManager.review.stateTitle')}
        data-testid="review-state"
        data-state={active ? 'active' : values.is_active ? 'bond' : 'off'}
      >
        <Stack gap={4}>
          <Text size="sm">
            {active
              ? t('offerManager.review.stateActive')
              : !values.is_active
                ? t('offerManager.review.stateOff')
                : bond.state.kind === 'missing'
                  ? t('offerManager.review.stateBond', {
                      required: cryptoAmount(bond.state.required, bond.state.code),
                      missing: cryptoAmount(bond.state.missing, bond.state.code),
                    })
                  : t('offerManager.review.bondWarning', { crypto: values.crypto_currency_code })}
          </Text>
          {values.is_active && bondShort ? <BondPanelLink code={values.crypto_currency_code} /> : null}
        </Stack>
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ReviewSection title={title('basics')} step={0} onEdit={onEdit}>
          <Row label={t('offerManager.basics.type')} testId="review-type">
            {values.type === 'sell'
              ? t('offerManager.basics.sell', { crypto: values.crypto_currency_code })
              : t('offerManager.basics.buy', { crypto: values.crypto_currency_code })}
          </Row>
          <Row label={t('offerManager.basics.currency')}>{fiat}</Row>
          <Row label={t('offerManager.basics.paymentMethod')} testId="review-method">
            {context.methodInfo?.name.localized ?? values.payment_method}
          </Row>
          <Row label={t('offerManager.basics.label')}>{values.payment_method_label.trim() || '—'}</Row>
          {accountsField ? (
            <Row label={t('offerManager.accounts.title')} testId="review-accounts">
              {chosenAccounts.length === 0 ? t('offerManager.review.none') : chosenAccounts.join(', ')}
            </Row>
          ) : null}
          <Row label={t('offerManager.review.area')}>{t(`offerManager.area.${values.area}`)}</Row>
        </ReviewSection>
        <ReviewSection title={title('pricing')} step={1} onEdit={onEdit}>
          <Row label={t('offerManager.pricing.priceMode')} testId="review-price">
            {values.price_mode === 'margin'
              ? t('offerManager.review.margin', {
                  margin: values.margin.trim().startsWith('-')
                    ? values.margin.trim()
                    : `+${values.margin.trim()}`,
                })
              : t('offerManager.review.fixed', { price: money(values.fixed_price) })}
          </Row>
          <Row label={t('offerManager.amounts.mode')} testId="review-amounts">
            {values.amount_mode === 'min_max'
              ? `${money(values.range_min)} – ${money(values.range_max)}`
              : values.predefined_amount.map(money).join(', ')}
          </Row>
          <Row label={t('offerManager.review.newBuyerLimit')}>{money(values.new_buyer_limit)}</Row>
          <Row label={t('offerManager.amounts.paymentWindow')}>
            {t('offerManager.review.minutes', { count: Number(values.payment_window) || 0 })}
          </Row>
        </ReviewSection>
        <ReviewSection title={title('terms')} step={2} onEdit={onEdit}>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('offerManager.terms.offerTerms')}
            </Text>
            <TermsPreview
              text={values.offer_terms}
              testId="review-terms"
              emptyText={t('offerManager.review.termsEmpty', { text: t('offer.details.noTerms') })}
            />
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('offerManager.terms.tradeDetails')}
            </Text>
            <TermsPreview text={values.trade_details} testId="review-trade-details" />
          </Stack>
          <Row label={t('offerManager.terms.tags')}>
            {values.tags.length === 0 ? '—' : values.tags.map(tagName).join(', ')}
          </Row>
          <Row label={t('offerManager.terms.requirements')}>
            {requirements.length === 0
              ? t('offerManager.review.none')
              : requirements
                  .map((entry) =>
                    entry.type === 'RemainingTrades'
                      ? t('offerManager.review.minTrades', { count: Number(entry.value) || 0 })
                      : t(`offerManager.requirements.${entry.type}`),
                  )
                  .join(', ')}
          </Row>
          <Row label={t('offerManager.terms.trustedOnly')}>{yesNo(values.is_trusted_only)}</Row>
        </ReviewSection>
        <ReviewSection title={title('availability')} step={3} onEdit={onEdit}>
          <Row label={t('offerManager.availability.countryMode')}>
            {values.country_list_mode === 'all'
              ? t('offerManager.availability.countryAll')
              : `${values.country_list_mode === 'allow' ? t('offerManager.availability.countryAllow') : t('offerManager.availability.countryDeny')}: ${values.countries.join(', ') || '—'}`}
          </Row>
          <Row label={t('offerManager.availability.hoursTitle')}>
            {hours.length === 0
              ? t('offerManager.hours.alwaysOpen')
              : hours
                  .filter((h) => h.active)
                  .map((h) => `${dayName(h.day)} ${h.start_time}–${h.end_time}`)
                  .join(', ') || t('offerManager.hours.closed')}
          </Row>
          <Row label={t('offerManager.hours.timezone')}>{values.timezone}</Row>
          <Row label={t('offerManager.availability.capTitle')}>
            {values.offer_cap.amount.trim()
              ? `${money(values.offer_cap.amount)}${values.offer_cap.active ? '' : ` (${t('offerManager.review.off')})`}`
              : t('offerManager.review.none')}
          </Row>
          <Row label={t('offerManager.availability.flowType')}>
            {t(`offerManager.flow.${values.flow_type}`)}
          </Row>
          <Row label={t('offerManager.availability.active')} testId="review-active">
            <Badge color={active ? 'teal' : 'gray'} variant="light">
              {active ? t('offerManager.status.active') : t('offerManager.status.inactive')}
            </Badge>
          </Row>
        </ReviewSection>
      </SimpleGrid>
      <PricePreviewCard fiatPrecision={context.fiatPrecision} />
    </Stack>
  );
}
