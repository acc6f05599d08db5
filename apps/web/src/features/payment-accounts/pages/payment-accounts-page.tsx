import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { BankAccountsSection } from '../bank-accounts/bank-accounts-section';
import { MobileMoneySection } from '../mobile-money/components/mobile-money-section';

const TABS = ['bank', 'mobile-money'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * `/user/payment-accounts`: where a seller is paid (spec: bank accounts with an add and edit popup; mobile
 * money wallets with an add form and a modal). The open tab is in the address (`?tab=mobile-money`), so a
 * link or a reload lands on it.
 */
export function PaymentAccountsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'bank';
  useDocumentTitle(t('paymentAccounts.title'));
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('paymentAccounts.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('paymentAccounts.subtitle')}
          </Text>
        </div>
        <Tabs
          value={tab}
          onChange={(value) => {
            if (isTab(value)) setParams(value === 'bank' ? {} : { tab: value }, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('paymentAccounts.tabsLabel')} mb="md">
            <Tabs.Tab value="bank">{t('paymentAccounts.tabs.bank')}</Tabs.Tab>
            <Tabs.Tab value="mobile-money">{t('paymentAccounts.tabs.mobileMoney')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="bank">
            <BankAccountsSection />
          </Tabs.Panel>
          <Tabs.Panel value="mobile-money">
            <MobileMoneySection />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
