import { Alert, Button, Checkbox, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The recovery codes, shown once after turning two-factor on: copy or download them, and say they are
 * kept before leaving (they are the only way in without the phone or the mailbox).
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 2000 });
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Alert color="orange" variant="light">
        <Text size="sm">{t('twoFactor.recovery.explain')}</Text>
      </Alert>
      <SimpleGrid cols={2} spacing={6}>
        {codes.map((code) => (
          <Code key={code} fz="sm" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => clipboard.copy(text)}>
          {clipboard.copied ? t('twoFactor.recovery.copied') : t('twoFactor.recovery.copy')}
        </Button>
        <Button variant="default" size="xs" onClick={download}>
          {t('twoFactor.recovery.download')}
        </Button>
      </Group>
      <Checkbox
        label={t('twoFactor.recovery.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button onClick={onDone} disabled={!saved} style={{ alignSelf: 'flex-start' }}>
        {t('twoFactor.recovery.done')}
      </Button>
    </Stack>
  );
}
