import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { FormError } from '@/shared/ui/form-error';
import { toast } from '@/shared/ui/toast';
import { useSetVideoInvitation, type VideoInvitation } from '../api/verifications';

const CHOICES: readonly VideoInvitation[] = ['allowed', 'forced', 'none'];
const isChoice = (value: string | null): value is VideoInvitation =>
  (CHOICES as readonly string[]).includes(value ?? '');

/**
 * The user page's video verification control (`verifications.review`): invite the trader to a video
 * call before their ID is verified, require it (they see an alert on every page), or take that back.
 * The server refuses while a call is in review or approved.
 */
export function VideoVerificationControl({ username }: { username: string }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const set = useSetVideoInvitation(username);
  const [choice, setChoice] = useState<VideoInvitation>('allowed');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    setError(null);
    set.mutate(choice, {
      onSuccess: () =>
        toast.success({ message: t(`admin.verifications.video.done.${choice}`, { name: username }) }),
      onError: (failure) =>
        setError(
          isApiError(failure) && failure.code === 'VIDEO_VERIFICATION_IN_PROGRESS'
            ? t('admin.verifications.video.inProgress')
            : errorText(failure),
        ),
    });
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="video-verification-title">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="video-verification-title">
          {t('admin.verifications.video.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.verifications.video.explain')}
        </Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('admin.verifications.video.label')}
            value={choice}
            onChange={(value) => {
              if (isChoice(value)) setChoice(value);
            }}
            data={CHOICES.map((value) => ({ value, label: t(`admin.verifications.video.choices.${value}`) }))}
            allowDeselect={false}
            maw={280}
          />
          <Button onClick={save} loading={set.isPending}>
            {t('admin.verifications.video.save')}
          </Button>
        </Group>
        <FormError message={error} />
      </Stack>
    </Paper>
  );
}
