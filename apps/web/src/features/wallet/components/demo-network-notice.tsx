import { Alert, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '@/shared/ui/icons';

type DemoNetworkNoticeProps = {
  /** The deposit screen says the address belongs to nobody; the send screen that nothing leaves. */
  kind: 'deposit' | 'send';
  code: string;
  network: string;
  mb?: MantineSpacing;
};

/**
 * "Demo network: nothing sent here arrives", on every deposit and send screen while the coin runs on the
 * simulated chain (the server's `simulated`, decision 0047): its addresses are test-network ones nobody
 * holds a key to, and Ethereum's have no test form at all, so the words carry the safety.
 */
export function DemoNetworkNotice({ kind, code, network, mb }: DemoNetworkNoticeProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle />}
      title={t('wallet.demoNetwork.title')}
      data-testid="demo-network-notice"
      mb={mb}
    >
      {kind === 'deposit'
        ? t('wallet.demoNetwork.deposit', { code })
        : t('wallet.demoNetwork.send', { code, network })}
    </Alert>
  );
}
