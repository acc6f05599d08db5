import type { TwoFactorState } from '@app/contract';
import { Alert, Badge, Button, Code, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { ErrorState } from '@/shared/ui/error-state';
import { toast } from '@/shared/ui/toast';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetTwoFactorFlags,
  useSetupTotp,
  useTwoFactorState,
} from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorField, useSecondFactorErrorText } from './second-factor-field';

type Setup = { method: 'ga'; secret: string; otpauthUrl: string } | { method: 'email' };

/** Turning it on: the key (QR code and text) or a mailed code, then the first code. */
function EnableForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: Setup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const codeErrorText = useSecondFactorErrorText();
  const enable = useEnableTwoFactor(setup.method === 'ga' ? 'totp' : 'email');
  const [code, setCode] = useState('');
  const error = enable.isError ? (codeErrorText(enable.error) ?? errorText(enable.error)) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // Awaited here, not in mutate's callback: the card may re-render to "on" before it would run.
        enable.mutateAsync(code).then(
          ({ recoveryCodes }) => onEnabled(recoveryCodes),
          () => undefined,
        );
      }}
      noValidate
    >
      <Stack gap="sm">
        {setup.method === 'ga' ? (
          <Group align="flex-start" gap="lg" wrap="wrap">
            <div style={{ background: '#fff', padding: 8, borderRadius: 4, lineHeight: 0 }}>
              <QRCodeSVG value={setup.otpauthUrl} size={168} level="M" title={t('twoFactor.setup.qrTitle')} />
            </div>
            <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }}>
              <Text size="sm">{t('twoFactor.setup.scan')}</Text>
              <Text size="sm" c="dimmed">
                {t('twoFactor.setup.manual')}
              </Text>
              <Code fz="sm" data-testid="totp-secret" style={{ overflowWrap: 'anywhere' }}>
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Code>
            </Stack>
          </Group>
        ) : (
          <Text size="sm">{t('twoFactor.setup.email')}</Text>
        )}
        <SecondFactorField type={setup.method} value={code} onChange={setCode} error={error} autoFocus />
        <Group gap="xs">
          <Button type="submit" loading={enable.isPending}>
            {t('twoFactor.setup.turnOn')}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** While it is on: what asks for a code, and turning it off, each confirmed by a code. */
function EnabledSettings({ state }: { state: TwoFactorState }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const codeErrorText = useSecondFactorErrorText();
  const setFlags = useSetTwoFactorFlags();
  const disable = useDisableTwoFactor();
  const [flags, setLocalFlags] = useState({
    login: state.login,
    release: state.release,
    sendout: state.sendout,
  });
  const [code, setCode] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const type = state.type === 'email' ? 'email' : 'ga';
  const pending = turningOff ? disable : setFlags;
  const error = pending.isError ? (codeErrorText(pending.error) ?? errorText(pending.error)) : null;
  const changed =
    flags.login !== state.login || flags.release !== state.release || flags.sendout !== state.sendout;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color="teal" variant="light">
          {t('twoFactor.on')}
        </Badge>
        <Text size="sm">{t(`twoFactor.method.${type}`)}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('twoFactor.recoveryLeft', { count: state.recoveryCodesLeft })}
      </Text>
      {(['login', 'release', 'sendout'] as const).map((flag) => (
        <Switch
          key={flag}
          label={t(`twoFactor.flags.${flag}`)}
          checked={flags[flag]}
          disabled={turningOff}
          onChange={(event) => setLocalFlags({ ...flags, [flag]: event.currentTarget.checked })}
        />
      ))}
      {changed || turningOff ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (turningOff) {
              disable.mutate(code, {
                onSuccess: () => toast.success({ message: t('twoFactor.turnedOff') }),
              });
            } else {
              setFlags.mutate(
                { ...flags, code },
                { onSuccess: () => toast.success({ message: t('twoFactor.saved') }) },
              );
            }
          }}
          noValidate
        >
          <Stack gap="sm">
            {turningOff ? (
              <Alert color="red" variant="light">
                <Text size="sm">{t('twoFactor.offWarning')}</Text>
              </Alert>
            ) : null}
            <SecondFactorField type={type} value={code} onChange={setCode} error={error} />
            <Group gap="xs">
              <Button type="submit" color={turningOff ? 'red' : undefined} loading={pending.isPending}>
                {turningOff ? t('twoFactor.turnOff') : t('twoFactor.save')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setTurningOff(false);
                  setLocalFlags({ login: state.login, release: state.release, sendout: state.sendout });
                }}
              >
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Button
          variant="default"
          color="red"
          onClick={() => setTurningOff(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('twoFactor.turnOff')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The security page's two-factor section: off (choose the app or e-mail), the setup, the recovery codes
 * once, and on (what asks for a code, turning it off).
 */
export function TwoFactorCard({ emailVerified }: { emailVerified: boolean }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const state = useTwoFactorState();
  const setupTotp = useSetupTotp();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (state.isPending) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  if (state.isError) {
    return <ErrorState message={t('twoFactor.loadError')} onRetry={() => void state.refetch()} />;
  }
  if (state.data.enabled) return <EnabledSettings key={state.data.type} state={state.data} />;
  if (setup) {
    return (
      <EnableForm
        setup={setup}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('twoFactor.offExplain')}</Text>
      <Group gap="xs">
        <Button
          loading={setupTotp.isPending}
          onClick={() =>
            setupTotp.mutate(undefined, { onSuccess: (data) => setSetup({ method: 'ga', ...data }) })
          }
        >
          {t('twoFactor.useApp')}
        </Button>
        <Button variant="default" disabled={!emailVerified} onClick={() => setSetup({ method: 'email' })}>
          {t('twoFactor.useEmail')}
        </Button>
      </Group>
      {emailVerified ? null : (
        <Text size="xs" c="dimmed">
          {t('twoFactor.emailNeedsVerified')}
        </Text>
      )}
      {setupTotp.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorText(setupTotp.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
