import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePopularPaymentMethods } from '@/features/catalogue';
import { popularFor } from '../utils/popular-methods';
import type { MarketFilters } from '../utils/search-params';

/**
 * One-tap shortcuts to the payment methods most offers use for this search (spec: popular payment
 * methods per side, country and group). Only a shortcut beside the picker: while the list loads, or if it
 * cannot, nothing shows and the picker does the job.
 */
export function PopularMethods({
  filters,
  onPick,
}: {
  filters: MarketFilters;
  onPick: (slug: string | null) => void;
}) {
  const { t } = useTranslation();
  const popular = usePopularPaymentMethods();
  if (!popular.data) return null;
  const methods = popularFor(popular.data, filters);
  if (methods.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-labelledby="popular-methods-label" data-testid="popular-methods">
      <Text id="popular-methods-label" size="xs" c="dimmed" w="100%">
        {t('marketplace.filters.popular')}
      </Text>
      {methods.map((method) => {
        const chosen = filters.paymentMethod === method.slug;
        return (
          <Button
            key={method.slug}
            size="compact-xs"
            radius="xl"
            variant={chosen ? 'filled' : 'light'}
            aria-pressed={chosen}
            // A second tap on the chosen one clears it, like the picker's clear button.
            onClick={() => onPick(chosen ? null : method.slug)}
          >
            {method.name.localized}
          </Button>
        );
      })}
    </Group>
  );
}
