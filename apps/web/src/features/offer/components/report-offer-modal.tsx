import {
  OFFER_REPORT_MESSAGE_MAX,
  offerReportFormSchema,
  offerReportReasonNeedsMessage,
  offerReportReasons,
  type OfferReportBody,
  type OfferReportReason,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { IconAlertCircle, IconCircleCheck, IconFlag } from '@/shared/ui/icons';
import { useReportOffer, useReportState } from '../api/report-offer';

type ReportOfferModalProps = {
  hash: string;
  opened: boolean;
  onClose: () => void;
};

type FormValues = z.input<typeof offerReportFormSchema>;

const waitText = (seconds: number, locale: string) => {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 3600) return format.format(Math.max(1, Math.ceil(seconds / 60)), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
};

/**
 * The report-offer modal (spec section 4: sending, then reported, or failure with an error message): a
 * reason from the list, an explanation (required for "other"), and the moderators get one report per
 * user and offer. Opening it reads whether this offer was reported already.
 */
export function ReportOfferModal({ hash, opened, onClose }: ReportOfferModalProps) {
  const { t } = useTranslation();
  const state = useReportState(hash, opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={t('offer.report.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {state.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        </Group>
      ) : state.isError ? (
        <ErrorState message={t('offer.report.stateError')} onRetry={() => void state.refetch()} />
      ) : state.data.reported ? (
        <Reported reason={state.data.reason} onClose={onClose} />
      ) : (
        <ReportForm hash={hash} onClose={onClose} />
      )}
    </Modal>
  );
}

function Reported({ reason, onClose }: { reason: OfferReportReason | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="report-done">
      <Alert color="teal" variant="light" icon={<IconCircleCheck />} title={t('offer.report.doneTitle')}>
        <Text size="sm">{t('offer.report.doneText')}</Text>
        {reason ? (
          <Text size="sm" mt={4}>
            {t('offer.report.doneReason', { reason: t(`offer.report.reasons.${reason}`) })}
          </Text>
        ) : null}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function ReportForm({ hash, onClose }: { hash: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mutation = useReportOffer(hash);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, OfferReportBody>({
    resolver: zodResolver(offerReportFormSchema),
    defaultValues: { reason: undefined, message: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const message = useWatch({ control, name: 'message' }) ?? '';

  // The contract's messages are English: each field's problem is said in the user's language here.
  const reasonError = errors.reason ? t('offer.report.reasonRequired') : undefined;
  const messageError = (error: FieldError | undefined) => {
    if (!error) return undefined;
    if (error.type === 'too_big') return t('offer.report.messageTooLong', { max: OFFER_REPORT_MESSAGE_MAX });
    return t('offer.report.messageRequired');
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ reason: values.reason, message: values.message ?? '' });
    } catch (error) {
      if (!isApiError(error)) {
        setFailure(t('offer.report.failed'));
        return;
      }
      switch (error.code) {
        case 'ERROR_INPUT_VALIDATION':
          for (const detail of error.details) {
            if (detail.field === 'reason' || detail.field === 'message') {
              setError(detail.field, { type: detail.code, message: detail.message });
            }
          }
          if (!error.details.some((d) => d.field === 'reason' || d.field === 'message')) {
            setFailure(error.message);
          }
          return;
        case 'RATE_LIMITED':
          setFailure(
            error.retryAfterSeconds
              ? t('offer.report.rateLimitedWait', { wait: waitText(error.retryAfterSeconds, locale) })
              : t('offer.report.rateLimited'),
          );
          return;
        case 'REPORT_OWN_OFFER':
          setFailure(t('offer.report.ownOffer'));
          return;
        default:
          // ALREADY_REPORTED refreshes the state below and shows "reported"; anything else is told as sent.
          setFailure(error.code === 'ALREADY_REPORTED' ? t('offer.report.already') : error.message);
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="report-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('offer.report.intro')}
        </Text>
        <Controller
          control={control}
          name="reason"
          render={({ field }) => (
            <Radio.Group
              label={t('offer.report.reasonLabel')}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value as OfferReportReason)}
              error={reasonError}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {offerReportReasons.map((value) => (
                  <Radio key={value} value={value} label={t(`offer.report.reasons.${value}`)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Textarea
          label={t('offer.report.messageLabel')}
          description={
            reason && offerReportReasonNeedsMessage(reason)
              ? t('offer.report.messageRequiredHint')
              : t('offer.report.messageHint')
          }
          withAsterisk={reason !== undefined && offerReportReasonNeedsMessage(reason)}
          // A fixed height the user may stretch: Mantine's autosize listens to document.fonts.
          rows={4}
          resize="vertical"
          maxLength={OFFER_REPORT_MESSAGE_MAX}
          error={messageError(errors.message)}
          {...register('message')}
        />
        <Text size="xs" c="dimmed" ta="right" mt={-10}>
          {t('offer.report.counter', { count: message.length, max: OFFER_REPORT_MESSAGE_MAX })}
        </Text>
        {failure ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle />}
            role="alert"
            data-testid="report-failure"
          >
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color="red"
            loading={mutation.isPending}
            leftSection={<IconFlag size={16} />}
            data-testid="report-submit"
          >
            {t('offer.report.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
