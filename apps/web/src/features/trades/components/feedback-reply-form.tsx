import { FEEDBACK_MESSAGE_MAX, replyFeedbackBodySchema } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/shared/api';
import { applyServerFieldErrors, translateFieldError } from '@/shared/forms/field-errors';
import { useReplyToFeedback } from '../api/feedback';
import { tradeKeys } from '../api/query-keys';
import { FormError } from '@/shared/ui/form-error';

type FormInput = z.input<typeof replyFeedbackBodySchema>;
type FormOutput = z.output<typeof replyFeedbackBodySchema>;

/**
 * My one reply to the feedback my partner left me (decision 0010: once, no edits). The saved state
 * replaces the card's, so the reply shows in place of this form and no second one can be written.
 */
export function FeedbackReplyForm({ tradeHash, partner }: { tradeHash: string; partner: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reply = useReplyToFeedback(tradeHash);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(replyFeedbackBodySchema),
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reply.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        const unmatched = applyServerFieldErrors(error, setError, ['message'] as const);
        if (unmatched.length > 0) setFormError(unmatched.map((detail) => detail.message).join(' '));
        return;
      }
      if (isApiError(error) && error.code === 'FEEDBACK_ALREADY_REPLIED') {
        // Replied meanwhile (another tab): show the reply that was saved instead of this form.
        setFormError(t('trades.feedback.replyAlready'));
        void queryClient.invalidateQueries({ queryKey: tradeKeys.feedback(tradeHash) });
        return;
      }
      setFormError(isApiError(error) ? error.message : t('common.unexpectedError'));
    }
  });

  // The contract's "Write a reply" is English; the empty reply gets the user's language here.
  const messageError =
    errors.message?.type === 'too_small'
      ? t('trades.feedback.replyRequired')
      : translateFieldError(t, errors.message);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="feedback-reply-form">
      <Stack gap="sm">
        <Textarea
          label={t('trades.feedback.replyLabel', { name: partner })}
          description={t('trades.feedback.replyHint')}
          maxLength={FEEDBACK_MESSAGE_MAX}
          autosize
          minRows={2}
          error={messageError}
          {...register('message')}
        />
        <FormError message={formError} />
        <Group>
          <Button type="submit" variant="light" loading={isSubmitting} data-testid="feedback-reply-submit">
            {t('trades.feedback.replySubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
