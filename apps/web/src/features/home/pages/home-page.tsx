import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/shared/session/current-user';
import { useAppState, useNamedRoute } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { lazyPage } from '@/shared/lib/load-chunk';
import { PageLoader } from '@/shared/ui/page-loader';
import { IconCode, IconScale, IconShieldCheck, IconUsers } from '@/shared/ui/icons';
import classes from './home-page.module.css';

// A member's home (trades, balances, offers, market) is its own chunk: a visitor's first page does not
// download it.
const TradingHome = lazyPage(() => import('../components/trading-home'), 'TradingHome');

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper withBorder p="lg" h="100%">
      <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg" mb={6}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" lh={1.6}>
        {text}
      </Text>
    </Paper>
  );
}

/**
 * `/`: a signed-in user's home is their trading (active trades, balances, offers, the market: where
 * sign-up and a login without a return address land); a visitor's is the landing page.
 */
export function HomePage() {
  const { data: user } = useCurrentUser();
  useDocumentTitle(null);
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <TradingHome user={user} />
    </Suspense>
  );
}

/** The landing page: what the product is, how a trade is protected, and a way in. */
function LandingPage() {
  const { t } = useTranslation();
  const { app } = useAppState();
  const registerPath = useNamedRoute('register');
  const loginPath = useNamedRoute('login');
  const marketplacePath = useNamedRoute('marketplace');

  const steps = [
    { title: t('home.steps.find.title'), text: t('home.steps.find.text') },
    { title: t('home.steps.escrow.title'), text: t('home.steps.escrow.text') },
    { title: t('home.steps.pay.title'), text: t('home.steps.pay.text') },
    { title: t('home.steps.release.title'), text: t('home.steps.release.text') },
  ];

  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="home-title">
        <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 40, sm: 56, lg: 88 }}>
          <SimpleGrid
            cols={{ base: 1, lg: 2 }}
            spacing={{ base: 40, lg: 64 }}
            style={{ alignItems: 'center' }}
          >
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" w="fit-content">
                {t('home.badge')}
              </Badge>
              <Title
                id="home-title"
                order={1}
                fz={{ base: 32, xs: 40, lg: 52 }}
                lh={1.1}
                style={{ letterSpacing: '-0.02em' }}
              >
                {t('home.title')}
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={560} lh={1.6}>
                {t('home.lead', { name: app.name })}
              </Text>
              <Group gap="sm">
                <Button component={Link} to={registerPath} size="lg">
                  {t('home.ctaRegister')}
                </Button>
                <Button component={Link} to={loginPath} size="lg" variant="default">
                  {t('nav.login')}
                </Button>
                <Button component={Link} to={marketplacePath} size="lg" variant="subtle">
                  {t('home.browseOffers')}
                </Button>
              </Group>
            </Stack>

            <Paper
              withBorder
              shadow="md"
              p={{ base: 'lg', sm: 'xl' }}
              component="section"
              aria-labelledby="how-title"
            >
              <Title id="how-title" order={2} fz="xl" mb="lg">
                {t('home.howTitle')}
              </Title>
              <Stack component="ol" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
                {steps.map((step, index) => (
                  <Group component="li" key={step.title} wrap="nowrap" align="flex-start" gap="md">
                    <span className={classes.stepNumber} aria-hidden>
                      {index + 1}
                    </span>
                    <div>
                      <Text fw={600}>{step.title}</Text>
                      <Text size="sm" c="dimmed" lh={1.55}>
                        {step.text}
                      </Text>
                    </div>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </SimpleGrid>
        </Container>
      </Box>

      <Container
        size="lg"
        px={{ base: 'md', sm: 'lg' }}
        py={{ base: 48, lg: 80 }}
        component="section"
        aria-labelledby="why-title"
      >
        <Stack gap={6} mb="xl" maw={640}>
          <Title id="why-title" order={2} fz={{ base: 24, sm: 30 }}>
            {t('home.whyTitle')}
          </Title>
          <Text c="dimmed">{t('home.whyLead')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
          <Feature
            icon={<IconShieldCheck />}
            title={t('home.features.escrow.title')}
            text={t('home.features.escrow.text')}
          />
          <Feature
            icon={<IconScale />}
            title={t('home.features.disputes.title')}
            text={t('home.features.disputes.text')}
          />
          <Feature
            icon={<IconUsers />}
            title={t('home.features.reputation.title')}
            text={t('home.features.reputation.text')}
          />
          <Feature
            icon={<IconCode />}
            title={t('home.features.open.title')}
            text={t('home.features.open.text')}
          />
        </SimpleGrid>

        <Paper className={classes.ctaBand} p={{ base: 'lg', sm: 'xl' }} mt={{ base: 48, lg: 72 }}>
          <Group justify="space-between" gap="lg">
            <div>
              <Title order={2} fz={{ base: 20, sm: 24 }}>
                {t('home.ctaBandTitle')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('home.ctaBandText')}
              </Text>
            </div>
            <Button component={Link} to={registerPath} size="md">
              {t('home.ctaRegister')}
            </Button>
          </Group>
        </Paper>
      </Container>
    </>
  );
}
