import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { FavoriteOffersList } from '../components/favorite-offers-list';

/**
 * Favourite offers (`/favorites`, login required): the list with its tabs, order and "load more"
 * (components/favorite-offers-list.tsx, also the contacts page's favourites tab).
 */
export function FavoritesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('offer.favorites.title'));
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('offer.favorites.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('offer.favorites.subtitle')}
          </Text>
        </div>
        <FavoriteOffersList />
      </Stack>
    </Container>
  );
}
