import { attachmentRefusalReasons, type AttachmentRefusalReason } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';

const isReason = (code: string): code is AttachmentRefusalReason =>
  (attachmentRefusalReasons as readonly string[]).includes(code);

/**
 * The words for a failed upload: the server refuses with a 422 whose detail on `file` carries the
 * spec's reason (attachment_limit_size, attachment_pdf_broken, ...); too many uploads (429) say how
 * long to wait; anything else says what it says.
 */
export function useUploadErrorText(error: unknown): string | null {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  if (!error) return null;
  if (!isApiError(error) || error.status === 429) return errorText(error);
  const reason =
    error.details.find((detail) => isReason(detail.code))?.code ?? (isReason(error.code) ? error.code : null);
  if (reason && isReason(reason)) return t(`trades.attachments.refused.${reason}`);
  return error.message;
}
