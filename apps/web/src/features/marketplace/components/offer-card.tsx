import type { OfferListing } from '@app/contract';
import { Avatar, Badge, Box, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalogueNames } from '@/features/catalogue';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import {
  formatCompletionRate,
  formatFiat,
  formatLimits,
  formatMargin,
  marginDirection,
  offerHref,
  offerLimits,
  offerRequirements,
  releaseTimeParts,
  type OfferRequirement,
} from '../utils/offer-format';
import { FavoriteToggle } from './favorite-toggle';
import { IconThumbDown, IconThumbUp } from '@/shared/ui/icons';
import { numericClass } from '@/shared/ui/numeric';
import classes from './offer-card.module.css';

/** Badges whose text may be long in Spanish wrap rather than end in "…" (see the CSS). */
const wrappingBadge = { root: classes.wrappingBadge, label: classes.wrappingBadgeLabel };

export type OfferCardProps = {
  offer: OfferListing;
  /** The visitor's side: `buy` from a sell offer, `sell` to a buy offer (the button's word). */
  side: 'buy' | 'sell';
  /** The amount the visitor searched with, in the offer's currency: carried to the offer page. */
  fiatMin?: string;
};

function OnlineDot({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const label = online ? t('marketplace.card.online') : t('marketplace.card.offline');
  return (
    <Tooltip label={label} withArrow>
      <Box
        component="span"
        className={classes.dot}
        data-online={online}
        role="img"
        aria-label={label}
        data-testid="owner-status"
      />
    </Tooltip>
  );
}

function RequirementBadge({ requirement }: { requirement: OfferRequirement }) {
  const { t } = useTranslation();
  const text =
    requirement.kind === 'verifiedId'
      ? t('marketplace.card.requirements.verifiedId')
      : requirement.kind === 'fullName'
        ? t('marketplace.card.requirements.fullName')
        : t('marketplace.card.requirements.minPastTrades', { count: requirement.count });
  return (
    <Badge variant="outline" color="orange" size="sm" radius="sm" tt="none" classNames={wrappingBadge}>
      {text}
    </Badge>
  );
}

/**
 * The owner's last 30 days beside the trade count: completion rate and average release time, each only
 * when the owner has one (a new trader shows neither). Items wrap as a whole on a narrow card.
 */
function OwnerTradeRecord({ owner }: { owner: OfferListing['owner'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const release = owner.avgReleaseSeconds === null ? null : releaseTimeParts(owner.avgReleaseSeconds);
  const time =
    release === null
      ? null
      : release.kind === 'underMinute'
        ? t('marketplace.card.underMinute')
        : release.kind === 'minutes'
          ? t('marketplace.card.minutes', { count: release.minutes })
          : t('marketplace.card.hours', { hours: release.hours, minutes: release.minutes });
  const rate = owner.completionRate === null ? null : formatCompletionRate(owner.completionRate, locale);
  return (
    <Box data-testid="owner-trade-record" className={classes.record}>
      <Text size="xs" c="dimmed" className={numericClass}>
        {t('marketplace.card.monthlyTrades', { count: owner.monthlyTradeStats.trades })}
      </Text>
      {rate !== null ? (
        <Tooltip label={t('marketplace.card.completionRateLabel', { rate })} withArrow>
          <Text
            size="xs"
            c="dimmed"
            className={numericClass}
            data-testid="owner-completion-rate"
            aria-label={t('marketplace.card.completionRateLabel', { rate })}
          >
            {t('marketplace.card.completionRate', { rate })}
          </Text>
        </Tooltip>
      ) : null}
      {time !== null ? (
        <Tooltip label={t('marketplace.card.releaseTimeLabel', { time })} withArrow>
          <Text
            size="xs"
            c="dimmed"
            className={numericClass}
            data-testid="owner-release-time"
            aria-label={t('marketplace.card.releaseTimeLabel', { time })}
          >
            {t('marketplace.card.releaseTime', { time })}
          </Text>
        </Tooltip>
      ) : null}
    </Box>
  );
}

/**
 * One offer of a list (spec, offer listing card): the owner with feedback, online state, country and
 * trade record (this month's trades, completion rate, release time); the
 * price per coin, its margin and USD value; the limits or fixed amounts; payment method, label, tags and
 * requirements; the favourite heart; and a Buy / Sell button to the offer page.
 */
export function OfferCard({ offer, side, fiatMin }: OfferCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const limits = offerLimits(offer, locale);
  const requirements = offerRequirements(offer);
  const { owner } = offer;
  const country = offer.location?.country ?? null;
  const names = useCatalogueNames();
  const action = side === 'buy' ? t('marketplace.card.buy') : t('marketplace.card.sell');
  const methodName = offer.paymentMethod?.name ?? t('marketplace.card.unknownMethod');

  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-label={t('marketplace.card.label', { username: owner.username, method: methodName })}
      data-testid="offer-card"
      data-hash={offer.hash}
      className={classes.card}
    >
      <div className={classes.grid}>
        <Stack gap={6} className={classes.owner}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={owner.avatarUrl} name={owner.username} color="initials" size={40} radius="xl" />
            <Stack gap={2} miw={0}>
              <Group gap={6} wrap="nowrap">
                <Text
                  component={Link}
                  to={localize(`/user/${encodeURIComponent(owner.username)}`)}
                  fw={700}
                  truncate
                  className={classes.username}
                >
                  {owner.username}
                </Text>
                <OnlineDot online={owner.status === 'online'} />
              </Group>
              <Group gap={10} wrap="nowrap">
                <Group
                  gap={3}
                  wrap="nowrap"
                  c="teal"
                  role="img"
                  aria-label={t('marketplace.card.positive', { count: owner.feedbackPositive })}
                >
                  <IconThumbUp size={14} />
                  <Text size="xs" fw={600} aria-hidden>
                    {owner.feedbackPositive}
                  </Text>
                </Group>
                <Group
                  gap={3}
                  wrap="nowrap"
                  c="red"
                  role="img"
                  aria-label={t('marketplace.card.negative', { count: owner.feedbackNegative })}
                >
                  <IconThumbDown size={14} />
                  <Text size="xs" fw={600} aria-hidden>
                    {owner.feedbackNegative}
                  </Text>
                </Group>
                {owner.badge ? (
                  <Badge size="xs" variant="light">
                    {owner.badge}
                  </Badge>
                ) : null}
              </Group>
            </Stack>
          </Group>
          {country ? (
            <Text size="xs" c="dimmed" data-testid="owner-country">
              {names.country(country.iso, country.name)} · {country.iso}
            </Text>
          ) : null}
          <OwnerTradeRecord owner={owner} />
        </Stack>

        <Stack gap={6} className={classes.method}>
          <Text fw={600} data-testid="offer-method">
            {methodName}
          </Text>
          {offer.paymentMethodLabel ? (
            <Text size="sm" c="dimmed" data-testid="offer-label">
              {offer.paymentMethodLabel}
            </Text>
          ) : null}
          {offer.tags.length > 0 ? (
            <Group gap={4} data-testid="offer-tags">
              {offer.tags.map((tag) => (
                <Badge
                  key={tag.slug}
                  variant="light"
                  color="gray"
                  size="sm"
                  radius="sm"
                  tt="none"
                  classNames={wrappingBadge}
                >
                  {names.tag(tag.slug, tag.name)}
                </Badge>
              ))}
            </Group>
          ) : null}
          {requirements.length > 0 ? (
            <Group gap={4} data-testid="offer-requirements">
              {requirements.map((requirement) => (
                <RequirementBadge key={requirement.kind} requirement={requirement} />
              ))}
            </Group>
          ) : null}
        </Stack>

        <Stack gap={4} className={classes.price}>
          {offer.pricePerBtc ? (
            <>
              <Text
                fw={700}
                fz={{ base: 'lg', sm: 'xl' }}
                lh={1.2}
                className={numericClass}
                data-testid="offer-price"
              >
                {formatFiat(offer.pricePerBtc, offer.fiatCurrencyCode, locale)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('marketplace.card.perCoin', { crypto: offer.cryptoCurrencyCode })}
              </Text>
            </>
          ) : (
            <Text c="dimmed" data-testid="offer-price">
              {t('marketplace.card.noPrice')}
            </Text>
          )}
          <Group gap={6}>
            {offer.margin !== null ? (
              <Badge
                size="sm"
                variant="light"
                color={marginDirection(offer.margin) === 'below' ? 'teal' : 'gray'}
                data-testid="offer-margin"
                title={t(`marketplace.card.margin.${marginDirection(offer.margin)}`)}
              >
                {formatMargin(offer.margin, locale)}
              </Badge>
            ) : (
              <Badge size="sm" variant="light" color="gray">
                {t('marketplace.card.fixedPrice')}
              </Badge>
            )}
            {offer.pricePerUsd && offer.fiatCurrencyCode !== 'USD' ? (
              <Text size="xs" c="dimmed" data-testid="offer-price-usd">
                {t('marketplace.card.usdPrice', {
                  price: formatFiat(offer.pricePerUsd, 'USD', locale),
                  crypto: offer.cryptoCurrencyCode,
                })}
              </Text>
            ) : null}
          </Group>
        </Stack>

        <Stack gap={8} className={classes.action}>
          <div>
            <Text size="xs" c="dimmed">
              {limits.kind === 'range'
                ? t('marketplace.card.limits')
                : t('marketplace.card.predefined', { count: limits.amounts.length })}
            </Text>
            <Text size="sm" fw={600} className={numericClass} data-testid="offer-limits">
              {formatLimits(limits)}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap" justify="flex-end" className={classes.buttons}>
            <FavoriteToggle hash={offer.hash} isFavorite={offer.isFavorite} />
            <Button
              component={Link}
              to={localize(offerHref(offer.hash, fiatMin))}
              color={side === 'buy' ? 'teal' : 'red'}
              miw={96}
              aria-label={t('marketplace.card.actionLabel', { action, username: owner.username })}
            >
              {action}
            </Button>
          </Group>
        </Stack>
      </div>
    </Paper>
  );
}
