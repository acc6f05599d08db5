import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useWalletFormat } from '../hooks/use-wallet-format';
import type { WalletCoin } from '../hooks/use-wallet-coins';
import { CryptoAmount } from './amount';

/**
 * Dispute awards the user won that are still held (decision 0048): each with its amount and the date it
 * becomes available, or "until the appeal is decided" while the other party's appeal waits, and a link
 * to its trade. They are not part of the available balance above, so nothing here can be sent yet.
 * Nothing is shown without one.
 */
export function HeldAwards({ coins }: { coins: readonly WalletCoin[] }) {
  const { t } = useTranslation();
  const format = useWalletFormat();
  const localize = useLocalizePath();
  const awards = coins.flatMap((coin) => coin.held.map((award) => ({ coin, award })));
  if (awards.length === 0) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="held-awards">
      <Title order={2} fz="lg" mb={4}>
        {t('wallet.held.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('wallet.held.explain')}
      </Text>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {awards.map(({ coin, award }) => (
          <Text
            component="li"
            size="sm"
            key={`${coin.cryptoCurrencyCode}:${award.tradeHash}`}
            data-testid={`held-award-${award.tradeHash}`}
            style={{ overflowWrap: 'anywhere' }}
          >
            <Trans
              i18nKey={award.appealPending ? 'wallet.held.appealed' : 'wallet.held.line'}
              values={{ date: format.dateTime(award.availableAt) }}
              components={{
                amount: <CryptoAmount amount={award.amount} code={coin.cryptoCurrencyCode} fw={600} />,
              }}
            />{' '}
            <Anchor component={Link} to={localize(`/trade/${award.tradeHash}`)} size="sm">
              {t('wallet.held.trade', { hash: award.tradeHash })}
            </Anchor>
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
