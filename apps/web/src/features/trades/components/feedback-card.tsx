import {
  giveFeedbackFormSchema,
  FEEDBACK_MESSAGE_MAX,
  type FeedbackRating,
  type TradeFeedback,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/shared/api';
import { applyServerFieldErrors, translateFieldError } from '@/shared/forms/field-errors';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';
import { useGiveFeedback, useTradeFeedback } from '../api/feedback';
import { FeedbackReplyForm } from './feedback-reply-form';
import { IconThumbDown, IconThumbUp } from '@/shared/ui/icons';
import { FormError } from '@/shared/ui/form-error';

type FormInput = z.input<typeof giveFeedbackFormSchema>;
type FormOutput = z.output<typeof giveFeedbackFormSchema>;

function FeedbackLine({ title, feedback }: { title: string; feedback: TradeFeedback }) {
  const { t } = useTranslation();
  const positive = feedback.rating === 'positive';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Group gap={6} c={positive ? 'teal' : 'red'}>
        {positive ? <IconThumbUp size={16} /> : <IconThumbDown size={16} />}
        <Text size="sm" fw={600}>
          {t(`trades.feedback.rating.${feedback.rating}`)}
        </Text>
      </Group>
      {feedback.message ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {feedback.message}
        </Text>
      ) : null}
      {feedback.reply ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('trades.feedback.reply', { reply: feedback.reply })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** After a completed trade: rate the partner once (a negative needs words), and see what they said. */
export function FeedbackCard({ tradeHash }: { tradeHash: string }) {
  const { t } = useTranslation();
  const state = useTradeFeedback(tradeHash, true);
  const give = useGiveFeedback(tradeHash);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(giveFeedbackFormSchema),
    defaultValues: { rating: 'positive', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await give.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        const unmatched = applyServerFieldErrors(error, setError, ['rating', 'message'] as const);
        if (unmatched.length > 0) setFormError(unmatched.map((detail) => detail.message).join(' '));
        return;
      }
      // Spec: "Feedback give failure: serverErrorMessage stored" (and shown).
      setFormError(isApiError(error) ? error.message : t('common.unexpectedError'));
    }
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="feedback-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trades.feedback.title')}
        </Title>
        {state.isPending ? (
          <PageLoader minHeight={80} />
        ) : state.isError ? (
          <ErrorState message={t('trades.feedback.loadError')} onRetry={() => void state.refetch()} />
        ) : (
          <>
            {state.data.canGive ? (
              <form onSubmit={(event) => void onSubmit(event)} noValidate>
                <Stack gap="sm">
                  <Text size="sm">{t('trades.feedback.prompt', { name: state.data.partner.username })}</Text>
                  <Controller
                    control={control}
                    name="rating"
                    render={({ field }) => (
                      <SegmentedControl
                        value={String(field.value)}
                        onChange={(value) => field.onChange(value as FeedbackRating)}
                        data={[
                          { value: 'positive', label: t('trades.feedback.rating.positive') },
                          { value: 'negative', label: t('trades.feedback.rating.negative') },
                        ]}
                        aria-label={t('trades.feedback.ratingLabel')}
                      />
                    )}
                  />
                  <Textarea
                    label={t('trades.feedback.message')}
                    maxLength={FEEDBACK_MESSAGE_MAX}
                    autosize
                    minRows={2}
                    error={translateFieldError(t, errors.message)}
                    {...register('message')}
                  />
                  <FormError message={formError} />
                  <Group>
                    <Button type="submit" loading={isSubmitting} data-testid="feedback-submit">
                      {t('trades.feedback.submit')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            ) : null}
            {state.data.given ? (
              <FeedbackLine
                title={t('trades.feedback.given', { name: state.data.partner.username })}
                feedback={state.data.given}
              />
            ) : null}
            {state.data.received ? (
              <FeedbackLine
                title={t('trades.feedback.received', { name: state.data.partner.username })}
                feedback={state.data.received}
              />
            ) : null}
            {state.data.received && state.data.canReply ? (
              <FeedbackReplyForm tradeHash={tradeHash} partner={state.data.partner.username} />
            ) : null}
            {!state.data.canGive && !state.data.given && !state.data.received ? (
              <Text size="sm" c="dimmed">
                {t('trades.feedback.none')}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
