import { Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { PageSection } from '@/shared/ui/page-section';
import { BirthDateSection } from '@/features/account';
import { useDashboardLimitations, useLevelsInfo } from '../api/levels';
import { useKycProvider } from '../api/provider';
import { useMyVerifications } from '../api/requests';
import { AddressVerificationStep } from '../components/address-verification-step';
import { CompanyStep } from '../components/company-step';
import { EraseDocuments } from '../components/erase-documents';
import { IdVerificationStep } from '../components/id-verification-step';
import { LevelOverview } from '../components/level-overview';
import { LevelsTable } from '../components/levels-table';
import { ProviderReturnNotice } from '../components/provider-verification';
import { UsagePanel } from '../components/usage-panel';
import { VideoVerificationStep } from '../components/video-verification-step';
import { STEP_TITLE_IDS } from '../utils/steps';

function SectionLoader({ height = 120 }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton height={height} />
    </Stack>
  );
}

/**
 * `/account/verification`: my KYC level (decision 0037) and how to raise it (decision 0038). The level,
 * its checklist and the next level; my limits and what I used of them; every level; then the steps: the
 * ID document and selfie (or the identity service's pages, decision 0041), the proof of address, the video
 * call, a company's papers (decision 0040); and erasing my documents. Each block
 * loads and fails on its own; a `verification.updated` event (the layout listens) reads them again.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const levels = useLevelsInfo();
  const limitations = useDashboardLimitations();
  const requests = useMyVerifications();
  // Who checks IDs here; unknown (the call failed): the staff's form, which the server accepts anyway.
  const provider = useKycProvider();
  useDocumentTitle(t('verification.page.title'));

  const requestsBlock = (render: (data: NonNullable<typeof requests.data>) => React.ReactNode) =>
    requests.isPending ? (
      <SectionLoader />
    ) : requests.isError ? (
      <ErrorState message={t('verification.page.requestsError')} onRetry={() => void requests.refetch()} />
    ) : (
      render(requests.data)
    );

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('verification.page.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('verification.page.subtitle')}
          </Text>
        </div>

        <PageSection id="kyc-level-title" title={t('verification.overview.title')}>
          {levels.isPending ? (
            <SectionLoader height={160} />
          ) : levels.isError ? (
            <ErrorState message={t('verification.page.levelsError')} onRetry={() => void levels.refetch()} />
          ) : (
            <LevelOverview info={levels.data} />
          )}
        </PageSection>

        <PageSection id="kyc-usage-title" title={t('verification.usage.title')}>
          {limitations.isPending ? (
            <SectionLoader />
          ) : limitations.isError ? (
            <ErrorState
              message={t('verification.page.limitsError')}
              onRetry={() => void limitations.refetch()}
            />
          ) : (
            <UsagePanel limitations={limitations.data} />
          )}
        </PageSection>

        <PageSection id={STEP_TITLE_IDS.id} title={t('verification.id.title')}>
          <ProviderReturnNotice />
          {user && !provider.isPending
            ? requestsBlock((data) => (
                <IdVerificationStep data={data} user={user} provider={provider.data?.provider ?? 'manual'} />
              ))
            : null}
        </PageSection>

        <PageSection id="kyc-birth-date-title" title={t('account.birthDate.sectionTitle')}>
          <BirthDateSection />
        </PageSection>

        <PageSection id={STEP_TITLE_IDS.address} title={t('verification.address.title')}>
          {user ? requestsBlock((data) => <AddressVerificationStep data={data} user={user} />) : null}
        </PageSection>

        <PageSection id={STEP_TITLE_IDS.video} title={t('verification.video.title')}>
          {user ? requestsBlock((data) => <VideoVerificationStep data={data} user={user} />) : null}
        </PageSection>

        <PageSection id={STEP_TITLE_IDS.company} title={t('verification.company.title')}>
          {user ? requestsBlock((data) => <CompanyStep data={data} user={user} />) : null}
        </PageSection>

        <PageSection id="kyc-levels-title" title={t('verification.levels.title')}>
          {levels.isPending ? (
            <SectionLoader height={200} />
          ) : levels.isError ? (
            <ErrorState message={t('verification.page.levelsError')} onRetry={() => void levels.refetch()} />
          ) : (
            <LevelsTable info={levels.data} />
          )}
        </PageSection>

        <PageSection id="kyc-erase-title" title={t('verification.erase.title')}>
          {requestsBlock((data) => (
            <EraseDocuments requests={data.requests} />
          ))}
        </PageSection>
      </Stack>
    </Container>
  );
}
