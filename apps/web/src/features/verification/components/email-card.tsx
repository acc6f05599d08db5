import { emailSchema } from '@app/contract';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSendStepUpCode } from '@/features/two-factor/api/two-factor';
import { isApiError, useApiErrorText } from '@/shared/api';
import { translateFieldError } from '@/shared/forms/field-errors';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { toast } from '@/shared/ui/toast';
import { useChangeEmail } from '../api/email-verification';

/**
 * The e-mail address on the security page: verified or not (then the way to verify it); a verified one
 * changes only with a code mailed to it, texted to the verified phone, or the two-factor code.
 */
export function EmailCard() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const localize = useLocalizePath();
  const user = useCurrentUser().data;
  const change = useChangeEmail();
  const sendCode = useSendStepUpCode();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!user) return null;
  if (!user.isEmailVerified) {
    return (
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{user.email}</Text>
        <Badge color="orange" variant="light">
          {t('verification.email.notVerified')}
        </Badge>
        <Anchor component={Link} to={localize('/account/verify-email')} size="sm">
          {t('verification.email.bannerLink')}
        </Anchor>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Text fw={600} data-testid="account-email" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <Badge color="teal" variant="light">
          {t('verification.email.verifiedBadge')}
        </Badge>
      </Group>
      {open ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = emailSchema.safeParse(email);
            if (!parsed.success) {
              setErrors({ email: translateFieldError(t, parsed.error.issues[0]) ?? '' });
              return;
            }
            setErrors({});
            change.mutate(
              { email: parsed.data, code },
              {
                onSuccess: () => {
                  toast.success({ message: t('verification.email.changedVerified') });
                  setOpen(false);
                },
                onError: (error) => {
                  const fields = isApiError(error)
                    ? Object.fromEntries(error.details.map((d) => [d.field, d.message]))
                    : {};
                  setErrors(Object.keys(fields).length > 0 ? fields : { form: errorText(error) });
                },
              },
            );
          }}
          noValidate
        >
          <Stack gap="xs">
            <TextInput
              label={t('verification.email.newAddress')}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
            />
            <Text size="sm" c="dimmed">
              {t('verification.email.proveExplain')}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                variant="default"
                loading={sendCode.isPending}
                onClick={() => sendCode.mutate('email')}
              >
                {t('verification.email.mailCurrent')}
              </Button>
              {user.isPhoneVerified ? (
                <>
                  <Button
                    size="xs"
                    variant="default"
                    loading={sendCode.isPending && sendCode.variables === 'sms'}
                    disabled={sendCode.isPending}
                    onClick={() => sendCode.mutate('sms')}
                  >
                    {t('verification.email.textPhone')}
                  </Button>
                  {/* No SMS arriving (a landline, a blocked short code): the same code, read out in a call. */}
                  <Button
                    size="xs"
                    variant="default"
                    loading={sendCode.isPending && sendCode.variables === 'call'}
                    disabled={sendCode.isPending}
                    onClick={() => sendCode.mutate('call')}
                    data-testid="call-phone-code"
                  >
                    {t('verification.email.callPhone')}
                  </Button>
                </>
              ) : null}
            </Group>
            {sendCode.isSuccess ? (
              <Text size="sm" c="dimmed" role="status">
                {sendCode.data.channel === 'voice'
                  ? t('verification.email.calling', { to: sendCode.data.to })
                  : t('twoFactor.field.sent', { to: sendCode.data.to })}
              </Text>
            ) : null}
            {sendCode.isError ? (
              <Text size="sm" c="red" role="alert">
                {errorText(sendCode.error)}
              </Text>
            ) : null}
            <TextInput
              label={t('verification.email.proofCode')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.trim().slice(0, 9))}
              error={errors.code}
              autoComplete="one-time-code"
              w={{ base: '100%', xs: 220 }}
            />
            {errors.form ? (
              <Text size="sm" c="red" role="alert">
                {errors.form}
              </Text>
            ) : null}
            <Group gap="xs">
              <Button type="submit" loading={change.isPending} disabled={!email || !code}>
                {t('verification.email.changeVerified')}
              </Button>
              <Button variant="subtle" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Button variant="default" size="xs" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
          {t('verification.email.changeOpen')}
        </Button>
      )}
    </Stack>
  );
}
