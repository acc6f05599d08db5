import { Anchor, Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TradeParty } from '@app/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useNow } from '../hooks/use-now';
import { useTradeFormat } from '../hooks/use-trade-format';
import { lastSeen } from '../utils/last-seen';
import { IconThumbDown, IconThumbUp } from '@/shared/ui/icons';
import { numericClass } from '@/shared/ui/numeric';

type CounterpartyPanelProps = {
  party: TradeParty;
  /** "Seller" / "Buyer": which side this person is on. */
  sideLabel: string;
  /** Shown under the name: what the viewer may do about this person (trust, block). */
  actions?: ReactNode;
};

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className={numericClass}>
        {value}
      </Text>
    </div>
  );
}

/** Who I trade with: reputation, verification, activity (spec: trade party profile). */
export function CounterpartyPanel({ party, sideLabel, actions }: CounterpartyPanelProps) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const localize = useLocalizePath();
  const now = useNow(60_000);
  const seen = party.lastSeen ? lastSeen(party.lastSeen, now) : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="counterparty">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {sideLabel}
        </Title>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={party.avatarUrl} radius="xl" color="blue" alt="">
            {party.username.slice(0, 2).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={localize(`/user/${encodeURIComponent(party.username)}`)} fw={600}>
              {party.username}
            </Anchor>
            {party.fullName ? (
              <Text size="sm" c="dimmed" truncate data-testid="counterparty-full-name">
                {party.fullName}
              </Text>
            ) : null}
            {seen ? (
              <Badge size="xs" variant="dot" color={seen.color}>
                {seen.unit === 'online' || seen.unit === 'longAgo'
                  ? t(`trades.party.seen.${seen.unit}`)
                  : t(`trades.party.seen.${seen.unit}`, { count: seen.count })}
              </Badge>
            ) : null}
          </div>
        </Group>
        {actions}
        <Group gap="md">
          {/* An icon and a number read as one picture with its meaning as the name. */}
          <Group
            gap={4}
            c="teal"
            role="img"
            aria-label={t('trades.party.positive', { count: party.feedback.positive })}
          >
            <IconThumbUp size={16} />
            <Text size="sm" fw={600}>
              {party.feedback.positive}
            </Text>
          </Group>
          <Group
            gap={4}
            c="red"
            role="img"
            aria-label={t('trades.party.negative', { count: party.feedback.negative })}
          >
            <IconThumbDown size={16} />
            <Text size="sm" fw={600}>
              {party.feedback.negative}
            </Text>
          </Group>
          <Badge size="sm" variant="light" color={party.verification.id ? 'teal' : 'gray'}>
            {party.verification.id ? t('trades.party.idVerified') : t('trades.party.idNotVerified')}
          </Badge>
          <Badge size="sm" variant="light" color={party.verification.email ? 'teal' : 'gray'}>
            {party.verification.email ? t('trades.party.emailVerified') : t('trades.party.emailNotVerified')}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Stat label={t('trades.party.trades')} value={party.totalTrades} />
          <Stat label={t('trades.party.partners')} value={party.totalPartners} />
          <Stat label={t('trades.party.trusted')} value={party.trustedCount} />
          <Stat label={t('trades.party.blocked')} value={party.blockedCount} />
          <Stat label={t('trades.party.traded')} value={format.crypto(party.btcTraded, 'BTC')} />
          <Stat label={t('trades.party.registered')} value={format.date(party.registered)} />
        </SimpleGrid>
        {party.ipLocation ? (
          <Text size="xs" c="dimmed">
            {t('trades.party.location', { location: party.ipLocation })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
