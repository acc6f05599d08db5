import type { ContentPageSlug } from '@app/contract';
import { Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { useContentPage } from '../api/get-content-page';
import { MarkdownContent } from '../components/markdown-content';

/** About, terms of service, privacy policy, fees: the operator's Markdown (decision 0016). */
export function ContentPage({ slug }: { slug: ContentPageSlug }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const page = useContentPage(slug, locale);
  useDocumentTitle(page.data?.title ?? t(`content.titles.${slug}`));

  if (page.isError && isApiError(page.error) && page.error.status === 404) return <NotFoundPage />;

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', md: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article">
        {page.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label={t('common.loading')} data-testid="content-loading">
            <Skeleton height={34} width="60%" radius="sm" />
            <Skeleton height={14} radius="sm" />
            <Skeleton height={14} radius="sm" />
            <Skeleton height={14} width="80%" radius="sm" />
          </Stack>
        ) : page.isError ? (
          <Stack gap="md">
            <Title order={1}>{t(`content.titles.${slug}`)}</Title>
            <ErrorState message={t('content.loadError')} onRetry={() => void page.refetch()} />
          </Stack>
        ) : (
          // The text may be in English on a Spanish page (not translated): say so to screen readers.
          <Stack gap={0} lang={page.data.locale === locale ? undefined : page.data.locale}>
            <Title order={1} data-testid="content-title">
              {page.data.title}
            </Title>
            <Text size="sm" c="dimmed" mt={6} mb="lg" data-testid="content-updated">
              {t('content.updated', {
                date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(
                  new Date(page.data.updatedAt),
                ),
              })}
            </Text>
            {page.data.locale !== locale ? (
              <Text size="sm" c="dimmed" mb="md" lang={locale} data-testid="content-untranslated">
                {t('content.untranslated')}
              </Text>
            ) : null}
            <div data-testid="content-body">
              <MarkdownContent markdown={page.data.markdown} />
            </div>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}

export function AboutPage() {
  return <ContentPage slug="about" />;
}
export function TermsPage() {
  return <ContentPage slug="terms" />;
}
export function PrivacyPage() {
  return <ContentPage slug="privacy" />;
}
export function FeesPage() {
  return <ContentPage slug="fees" />;
}
