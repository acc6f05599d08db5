import {
  formatBaseUnitsTrimmed,
  type MyProofOfReserves,
  type ProofOfReserves,
  type ReservesCoin,
  type ReservesInclusion,
} from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale } from '@/shared/i18n/locale-context';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { useMyProofOfReserves, useProofOfReserves } from '../api/reserves';
import { verifyInclusion, type VerifyResult } from '../utils/verify-proof';

const wrap = { overflowWrap: 'anywhere' } as const;
type Snapshot = NonNullable<ProofOfReserves['snapshot']>;

function CoverageBadge({ coin }: { coin: ReservesCoin }) {
  const { t } = useTranslation();
  if (coin.custody === 'simulated') {
    return (
      <Badge color="gray" variant="light">
        {t('reserves.coverage.simulated')}
      </Badge>
    );
  }
  if (coin.custody === 'none' || coin.covered === null) {
    return (
      <Badge color="gray" variant="light">
        {t('reserves.coverage.none')}
      </Badge>
    );
  }
  return coin.covered ? (
    <Badge color="teal" variant="light">
      {t('reserves.coverage.covered')}
    </Badge>
  ) : (
    <Badge color="red" variant="light">
      {t('reserves.coverage.short')}
    </Badge>
  );
}

function CoinCard({ coin }: { coin: ReservesCoin }) {
  const { t } = useTranslation();
  const amount = (units: string) =>
    `${formatBaseUnitsTrimmed(BigInt(units), coin.decimals)} ${coin.cryptoCurrencyCode}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`reserves-coin-${coin.cryptoCurrencyCode}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="lg">
            {coin.cryptoCurrencyCode}
          </Title>
          <CoverageBadge coin={coin} />
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('reserves.coin.liabilities')}
          </Text>
          <Text size="sm" fw={600} ff="monospace" ta="right" style={wrap}>
            {amount(coin.liabilities)}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('reserves.coin.reserves')}
          </Text>
          <Text size="sm" fw={600} ff="monospace" ta="right" style={wrap}>
            {coin.custody === 'chain' ? amount(coin.reserves) : t('reserves.coin.notProved')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('reserves.coin.leaves', { count: coin.leafCount })}
          {coin.owedCount > 0
            ? ` · ${t('reserves.coin.owed', { count: coin.owedCount, amount: amount(coin.owed) })}`
            : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {t('reserves.coin.root')}
        </Text>
        <Code fz="xs" style={wrap} data-testid="reserves-root">
          {coin.rootHash}
        </Code>
      </Stack>
    </Paper>
  );
}

function Addresses({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation();
  if (snapshot.addresses.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="reserves-no-addresses">
        {t('reserves.addresses.none')}
      </Text>
    );
  }
  const decimalsOf = new Map(snapshot.coins.map((c) => [c.cryptoCurrencyCode, c.decimals]));
  return (
    <Stack gap="xs">
      {snapshot.addresses.map((a) => (
        <Paper key={`${a.cryptoCurrencyCode}-${a.place}-${a.address}`} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {a.cryptoCurrencyCode} · {t(`reserves.places.${a.place as 'hot'}`, a.place)}
              </Text>
              <Text size="sm" ff="monospace">
                {formatBaseUnitsTrimmed(BigInt(a.amount), decimalsOf.get(a.cryptoCurrencyCode) ?? 0)}
              </Text>
            </Group>
            <Code fz="xs" style={wrap}>
              {a.address}
            </Code>
            {a.signature ? (
              <>
                <Text size="xs" c="dimmed">
                  {t('reserves.addresses.signature', {
                    scheme: a.scheme === 'eip191' ? 'EIP-191' : 'BIP-322',
                  })}
                </Text>
                <Code fz="xs" style={wrap}>
                  {a.signature}
                </Code>
              </>
            ) : (
              <Text size="xs" c="dimmed">
                {t('reserves.addresses.unsigned')}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function download(proofs: MyProofOfReserves) {
  const blob = new Blob([JSON.stringify({ data: proofs }, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `proof-of-reserves-${proofs.snapshotId}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function MyProof({ proof, snapshot }: { proof: ReservesInclusion; snapshot: Snapshot }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<VerifyResult | 'checking'>('checking');
  const published = snapshot.coins.find((c) => c.cryptoCurrencyCode === proof.cryptoCurrencyCode);
  useEffect(() => {
    let live = true;
    verifyInclusion(proof, published)
      .then((r) => live && setResult(r))
      .catch(() => live && setResult({ ok: false, reason: 'leaf' }));
    return () => {
      live = false;
    };
  }, [proof, published]);
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`reserves-mine-${proof.cryptoCurrencyCode}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {proof.cryptoCurrencyCode}:{' '}
          <Text span ff="monospace">
            {formatBaseUnitsTrimmed(BigInt(proof.balance), proof.decimals)}
          </Text>
        </Text>
        {result === 'checking' ? (
          <Badge variant="light" color="gray">
            {t('reserves.mine.checking')}
          </Badge>
        ) : result.ok ? (
          <Badge variant="light" color="teal" data-testid="reserves-verified">
            {t('reserves.mine.verified')}
          </Badge>
        ) : (
          <Badge variant="light" color="red" data-testid="reserves-failed">
            {t(`reserves.mine.failed.${result.reason}`)}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={wrap}>
        {t('reserves.mine.account', { account: proof.account, steps: proof.path.length })}
      </Text>
    </Paper>
  );
}

function Mine({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const login = useNamedRoute('login');
  const loggedIn = Boolean(user.data);
  const mine = useMyProofOfReserves(loggedIn);
  if (!loggedIn) {
    return (
      <Text size="sm">
        <Anchor component={Link} to={login}>
          {t('reserves.mine.login')}
        </Anchor>
      </Text>
    );
  }
  if (mine.isPending) return <Skeleton height={60} radius="md" />;
  if (mine.isError) {
    return <ErrorState message={t('reserves.mine.error')} onRetry={() => void mine.refetch()} />;
  }
  const data = mine.data;
  if (data.snapshotId !== snapshot.id || data.proofs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('reserves.mine.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {data.proofs.map((proof) => (
        <MyProof key={proof.cryptoCurrencyCode} proof={proof} snapshot={snapshot} />
      ))}
      <Group>
        <Button variant="light" onClick={() => download(data)} data-testid="reserves-download">
          {t('reserves.mine.download')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Proof of reserves (`/proof-of-reserves`, public; decision 0060): the published roots and totals per
 * coin, the operator's addresses with their signatures, what this proves and what it does not, and, for
 * a logged-in user, their own inclusion checked in the page and downloadable for the script.
 */
export function ProofOfReservesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('reserves.title'));
  const query = useProofOfReserves();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const snapshot = query.data?.snapshot;
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('reserves.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('reserves.subtitle')}
          </Text>
        </div>
        {query.isPending ? (
          <Skeleton height={200} radius="md" />
        ) : query.isError ? (
          <ErrorState message={t('reserves.error')} onRetry={() => void query.refetch()} />
        ) : !snapshot ? (
          <Alert variant="light" color="blue" title={t('reserves.empty.title')} data-testid="reserves-empty">
            {t('reserves.empty.text')}
          </Alert>
        ) : (
          <>
            <Text size="sm" data-testid="reserves-time">
              {t('reserves.snapshotTime', { id: snapshot.id, time: when.format(new Date(snapshot.takenAt)) })}
            </Text>
            {snapshot.problems.length > 0 ? (
              <Alert color="orange" variant="light" title={t('reserves.problems')}>
                {snapshot.problems.join(' · ')}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {snapshot.coins.map((coin) => (
                <CoinCard key={coin.cryptoCurrencyCode} coin={coin} />
              ))}
            </SimpleGrid>
            <Stack gap="xs">
              <Title order={2} fz="lg">
                {t('reserves.mine.title')}
              </Title>
              <Mine snapshot={snapshot} />
            </Stack>
            <Stack gap="xs">
              <Title order={2} fz="lg">
                {t('reserves.addresses.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('reserves.addresses.message')}
              </Text>
              <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', ...wrap }}>
                {snapshot.message}
              </Code>
              <Addresses snapshot={snapshot} />
            </Stack>
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('reserves.proves.title')}
            </Title>
            <List size="sm" spacing="xs">
              <List.Item>{t('reserves.proves.included')}</List.Item>
              <List.Item>{t('reserves.proves.control')}</List.Item>
            </List>
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('reserves.notProves.title')}
            </Title>
            <List size="sm" spacing="xs">
              <List.Item>{t('reserves.notProves.hidden')}</List.Item>
              <List.Item>{t('reserves.notProves.debts')}</List.Item>
              <List.Item>{t('reserves.notProves.moment')}</List.Item>
              <List.Item>{t('reserves.notProves.simulated')}</List.Item>
            </List>
          </Stack>
        </SimpleGrid>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('reserves.check.title')}
          </Title>
          <Text size="sm">{t('reserves.check.text')}</Text>
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', ...wrap }}>
            node scripts/verify-reserves-proof.mjs proof-of-reserves.json --url {window.location.origin}
          </Code>
          <Text size="sm">{t('reserves.check.signatures')}</Text>
        </Stack>
        {query.data && query.data.history.length > 1 ? (
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('reserves.history')}
            </Title>
            {query.data.history.map((h) => (
              <Text key={h.id} size="xs" c="dimmed" style={wrap}>
                #{h.id} · {when.format(new Date(h.takenAt))} ·{' '}
                {h.roots.map((r) => `${r.cryptoCurrencyCode} ${r.rootHash.slice(0, 12)}…`).join(', ')}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
