import {
  APPEAL_REASON_MAX,
  offerAppealBodySchema,
  offerAppealSchema,
  type OfferAppealBody,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiClient, isApiError, useApiErrorText } from '@/shared/api';
import { toast } from '@/shared/ui/toast';
import { offerManagerKeys } from '../api/query-keys';
import { FormError } from '@/shared/ui/form-error';

/**
 * The owner's appeal against a moderator's rejection (`POST /rest/v1/my-offers/{hash}/appeal`, decision
 * 0023): why the offer should be approved as it is. Once sent the offer shows "appealed" until a second
 * moderator decides; editing the offer instead withdraws the appeal, which the dialog says up front.
 */
export function OfferAppealDialog({ hash, onClose }: { hash: string; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OfferAppealBody>({
    resolver: zodResolver(offerAppealBodySchema),
    defaultValues: { text: '' },
  });
  const text = useWatch({ control, name: 'text' }) ?? '';
  const send = useMutation({
    mutationFn: (body: OfferAppealBody) =>
      apiClient.post(`/rest/v1/my-offers/${encodeURIComponent(hash)}/appeal`, {
        body,
        schema: offerAppealSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerManagerKeys.lists() }),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      toast.success({ message: t('offerManager.moderation.appeal.sent') });
      onClose();
    } catch (error) {
      const textError = isApiError(error) ? error.details.find((d) => d.field === 'text') : undefined;
      if (textError) setError('text', { type: textError.code, message: textError.message });
      else setFailure(errorText(error));
    }
  });

  const fieldError = errors.text
    ? errors.text.type === 'too_big'
      ? t('offerManager.moderation.appeal.tooLong', { max: APPEAL_REASON_MAX })
      : errors.text.type === 'too_small'
        ? t('offerManager.moderation.appeal.required')
        : errors.text.message
    : undefined;

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={t('offerManager.moderation.appeal.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('offerManager.moderation.appeal.explain')}</Text>
          <Textarea
            label={t('offerManager.moderation.appeal.label')}
            {...register('text')}
            error={fieldError}
            description={`${text.length}/${APPEAL_REASON_MAX}`}
            maxLength={APPEAL_REASON_MAX}
            autosize
            minRows={3}
            withAsterisk
            data-autofocus
          />
          <FormError message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('offerManager.moderation.appeal.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
