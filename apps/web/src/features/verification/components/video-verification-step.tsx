import { videoVerificationBodySchema, type CurrentUser, type MyVerifications } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '@/shared/ui/form-error';
import { IconShieldCheck } from '@/shared/ui/icons';
import { useSendVideoVerification } from '../api/requests';
import { useVerificationSubmit } from '../hooks/use-verification-submit';
import { useAttemptsLeft } from '../api/requests';
import { latestOf } from '../utils/requests';
import { verificationFieldError } from '../utils/verification-errors';
import { AttemptsNote } from './attempts-note';
import { RequestStatus } from './request-status';

type FormInput = z.input<typeof videoVerificationBodySchema>;
type FormOutput = z.output<typeof videoVerificationBodySchema>;

/** What staff or the trader's verifications say about the video call, as one word. */
type VideoState = 'approved' | 'pending' | 'rejected' | 'forced' | 'allowed' | 'none';

const videoStateOf = (user: CurrentUser): VideoState =>
  user.isVideoVerifiedApproved
    ? 'approved'
    : user.isVideoVerifiedPending
      ? 'pending'
      : user.isVideoVerifiedForced
        ? 'forced'
        : user.isVideoVerifiedAllowed
          ? 'allowed'
          : user.isVideoVerifiedRejected
            ? 'rejected'
            : 'none';

const STATE_COLORS: Record<VideoState, string> = {
  approved: 'teal',
  pending: 'blue',
  rejected: 'red',
  forced: 'red',
  allowed: 'blue',
  none: 'gray',
};

/** The link to the recorded call (`POST /account/verification/video/upload`), straight into review. */
function VideoForm({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const send = useSendVideoVerification();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(videoVerificationBodySchema),
    mode: 'onTouched',
    defaultValues: { url: '' },
  });
  const { formError, run } = useVerificationSubmit(setError, ['url']);
  const onSubmit = handleSubmit((body) =>
    run(async () => {
      await send.mutateAsync(body);
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('verification.video.formLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('verification.video.url')}
          description={t('verification.video.urlHelp')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          required
          disabled={!enabled}
          error={verificationFieldError(t, errors.url, 'url')}
          {...register('url')}
        />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!enabled}>
            {t('verification.video.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Step three: the video call. Offered once the ID is verified, or when staff invite (`allowed`) or
 * require (`forced`) it; a sent link waits for the review; a denial says why and the form comes back.
 */
export function VideoVerificationStep({ data, user }: { data: MyVerifications; user: CurrentUser }) {
  const { t } = useTranslation();
  const request = latestOf(data.requests, 'video');
  const attempts = useAttemptsLeft('video').data;
  const state = videoStateOf(user);
  const enabled = user.isIdVerified || state === 'allowed' || state === 'forced';

  if (state === 'approved') {
    return (
      <Alert color="teal" variant="light" icon={<IconShieldCheck />} data-testid="video-verified">
        {t('verification.video.verified')}
      </Alert>
    );
  }
  // A sent link is in review at once: the state above says so.
  const pending = request?.status === 'pending';
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Badge color={STATE_COLORS[state]} variant="light" data-testid="video-state">
          {t(`verification.video.states.${state}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {t(`verification.video.stateNotes.${state}`)}
        </Text>
      </Group>
      {request && !pending ? <RequestStatus request={request} /> : null}
      {pending ? null : (
        <>
          <Text size="sm">{t('verification.video.intro')}</Text>
          {!enabled ? (
            <Text size="sm" c="dimmed" data-testid="video-locked">
              {t('verification.video.locked')}
            </Text>
          ) : null}
          {attempts && enabled ? <AttemptsNote attempts={attempts} /> : null}
          <VideoForm enabled={enabled && attempts?.attemptsLeft !== 0} />
        </>
      )}
    </Stack>
  );
}
