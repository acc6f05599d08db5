import type { OfferView } from '@app/contract';
import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueNames, useTags } from '@/features/catalogue';
import { formatFiat } from '@/features/marketplace';
import { useLocale } from '@/shared/i18n/locale-context';
import type { RequirementCheck } from '../utils/offer-state';
import { IconCircleCheck, IconCircleDashed, IconCircleX } from '@/shared/ui/icons';
import classes from './offer.module.css';

type OfferDetailsProps = {
  view: OfferView;
  paymentMethodName: string;
  requirements: readonly RequirementCheck[];
};

function DetailRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={classes.detailRow}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function RequirementLine({ check }: { check: RequirementCheck }) {
  const { t } = useTranslation();
  const known = ['VerifyId', 'ShowFullName', 'VerifyIAndShowFullName', 'RemainingTrades', 'Vpn'] as const;
  const type = known.find((k) => k === check.type);
  const text = type
    ? t(`offer.requirements.${type}`, { count: check.value ?? 0 })
    : t('offer.requirements.other', { type: check.type });
  const status =
    check.met === null
      ? {
          color: 'dimmed',
          icon: <IconCircleDashed size={18} />,
          word: t('offer.requirements.checkedAtStart'),
        }
      : check.met
        ? { color: 'teal', icon: <IconCircleCheck size={18} />, word: t('offer.requirements.met') }
        : { color: 'red', icon: <IconCircleX size={18} />, word: t('offer.requirements.notMet') };
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-testid={`requirement-${check.type}`}
      data-met={String(check.met)}
    >
      <Text c={status.color} component="span" lh={1} mt={2}>
        {status.icon}
      </Text>
      <div>
        <Text size="sm">{text}</Text>
        <Text size="xs" c={status.color === 'dimmed' ? 'dimmed' : status.color}>
          {status.word}
        </Text>
      </div>
    </Group>
  );
}

/**
 * What the offer says: payment method and label, limits or fixed amounts, payment window, the owner's
 * terms and trade details, tags, and the requirements with whether the viewer meets them.
 */
export function OfferDetails({ view, paymentMethodName, requirements }: OfferDetailsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tags = useTags({});
  const { offer } = view;
  const code = offer.fiatCurrency.code;
  const names = useCatalogueNames();
  const tagName = (slug: string) =>
    names.tag(slug, tags.data?.find((tag) => tag.slug === slug)?.name.localized ?? slug);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('offer.details.title')}
        </Title>
        <Stack gap={8}>
          <DetailRow label={t('offer.details.paymentMethod')} testId="detail-method">
            {paymentMethodName}
          </DetailRow>
          {offer.paymentMethodLabel ? (
            <DetailRow label={t('offer.details.label')} testId="detail-label">
              {offer.paymentMethodLabel}
            </DetailRow>
          ) : null}
          {offer.predefinedAmount.length > 0 ? (
            <DetailRow label={t('offer.details.amounts')} testId="detail-limits">
              {offer.predefinedAmount.map((amount) => formatFiat(amount, code, locale)).join(', ')}
            </DetailRow>
          ) : (
            <DetailRow label={t('offer.details.limits')} testId="detail-limits">
              {formatFiat(offer.fiatLimitMin, code, locale)} – {formatFiat(offer.fiatLimitMax, code, locale)}
            </DetailRow>
          )}
          <DetailRow label={t('offer.details.paymentWindow')} testId="detail-window">
            {t('offer.details.minutes', { count: offer.paymentWindow })}
          </DetailRow>
          <DetailRow label={t('offer.details.crypto')}>{offer.altCoin.code}</DetailRow>
        </Stack>

        {offer.tags.length > 0 ? (
          <Group gap={6} data-testid="offer-page-tags">
            {offer.tags.map((slug) => (
              <Badge key={slug} variant="light" color="gray" radius="sm" tt="none">
                {tagName(slug)}
              </Badge>
            ))}
          </Group>
        ) : null}

        <Divider />
        <div>
          <Title order={3} fz="md" mb={6}>
            {t('offer.details.terms')}
          </Title>
          <Text
            size="sm"
            className={classes.terms}
            c={offer.offerTerms ? undefined : 'dimmed'}
            data-testid="offer-terms"
          >
            {offer.offerTerms || t('offer.details.noTerms')}
          </Text>
        </div>
        {offer.tradeDetails ? (
          <div>
            <Title order={3} fz="md" mb={6}>
              {t('offer.details.tradeDetails')}
            </Title>
            <Text size="sm" className={classes.terms} data-testid="offer-trade-details">
              {offer.tradeDetails}
            </Text>
          </div>
        ) : null}

        <Divider />
        <div>
          <Title order={3} fz="md" mb={6}>
            {t('offer.requirements.title')}
          </Title>
          {requirements.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('offer.requirements.none')}
            </Text>
          ) : (
            <Stack gap="xs" data-testid="offer-page-requirements">
              {requirements.map((check) => (
                <RequirementLine key={check.type} check={check} />
              ))}
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
