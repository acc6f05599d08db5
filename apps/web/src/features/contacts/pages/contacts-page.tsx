import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FavoriteOffersList } from '@/features/offer';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ContactsList } from '../components/contacts-list';

/** The tabs, by their names in the address (`/contacts/{tab}`; the first is also `/contacts`). */
const TABS = ['recent-trades', 'trusted', 'blocked', 'favorites'] as const;
type ContactsTab = (typeof TABS)[number];
const isTab = (value: string | null | undefined): value is ContactsTab =>
  (TABS as readonly (string | null | undefined)[]).includes(value);
const pathOf = (tab: ContactsTab) => (tab === 'recent-trades' ? '/contacts' : `/contacts/${tab}`);

/**
 * Contacts (`/contacts`, login required; spec: tabs recent trades, trusted users, blocked users,
 * favourite offers). Each user list pages ten at a time and offers trust and block on every row; the
 * favourites tab is the favourites page's list. An unknown tab goes to the first one.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contacts.title'));
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const { tab: tabParam } = useParams();
  if (tabParam !== undefined && !isTab(tabParam)) return <Navigate to={localize('/contacts')} replace />;
  const tab: ContactsTab = tabParam ?? 'recent-trades';

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('contacts.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('contacts.subtitle')}
          </Text>
        </div>
        <Tabs value={tab} onChange={(value) => isTab(value) && void navigate(localize(pathOf(value)))}>
          <Tabs.List mb="md">
            {TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`contacts.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((value) => (
            // Only the active tab's list is mounted (and read).
            <Tabs.Panel key={value} value={value}>
              {value !== tab ? null : value === 'favorites' ? (
                <FavoriteOffersList />
              ) : (
                <ContactsList list={value} />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
