import type { OfferListing } from '@app/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FavoriteToggle, formatFiat, formatLimits, offerHref, offerLimits } from '@/features/marketplace';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import classes from './offer.module.css';

type FavoriteOfferItemProps = {
  offer: OfferListing;
  /** Called once the heart removed the offer from the favourites (the list drops it). */
  onRemoved: () => void;
};

/**
 * One favourite: whose offer, to buy or to sell which coin, method, price and limits, the heart that
 * removes it, and the way to the offer page.
 */
export function FavoriteOfferItem({ offer, onRemoved }: FavoriteOfferItemProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  // A sell offer is one the viewer buys from.
  const side = offer.type === 'sell' ? 'buy' : 'sell';
  const method = offer.paymentMethod?.name ?? t('offer.details.unknownMethod');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      data-testid="favorite-item"
      data-hash={offer.hash}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Badge color={side === 'buy' ? 'teal' : 'red'} variant="light">
              {side === 'buy'
                ? t('offer.favorites.toBuy', { crypto: offer.cryptoCurrencyCode })
                : t('offer.favorites.toSell', { crypto: offer.cryptoCurrencyCode })}
            </Badge>
            <Text fw={600}>{method}</Text>
            {offer.paymentMethodLabel ? (
              <Text size="sm" c="dimmed">
                {offer.paymentMethodLabel}
              </Text>
            ) : null}
          </Group>
          <Text size="sm">
            {t('offer.favorites.by')}{' '}
            <Anchor
              component={Link}
              to={localize(`/user/${encodeURIComponent(offer.owner.username)}`)}
              fw={600}
            >
              {offer.owner.username}
            </Anchor>
          </Text>
          <Group gap="lg">
            <Text size="sm" className={classes.numeric}>
              {offer.pricePerBtc
                ? t('offer.favorites.price', {
                    price: formatFiat(offer.pricePerBtc, offer.fiatCurrencyCode, locale),
                    crypto: offer.cryptoCurrencyCode,
                  })
                : t('offer.trade.noPrice')}
            </Text>
            <Text size="sm" c="dimmed" className={classes.numeric}>
              {formatLimits(offerLimits(offer, locale))}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <FavoriteToggle
            hash={offer.hash}
            isFavorite
            onChange={(isFavorite) => {
              if (!isFavorite) onRemoved();
            }}
          />
          <Button component={Link} to={localize(offerHref(offer.hash))} variant="light">
            {t('offer.favorites.open')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
