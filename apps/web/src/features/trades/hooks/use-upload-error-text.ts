import { attachmentRefusalReasons, type AttachmentRefusalReason } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';

const isReason = (code: string): code is AttachmentRefusalReason =>
  (attachmentRefusalReasons as readonly string[]).includes(code);

/**
 * The words for a failed upload: the server refuses with a 422 whose detail on `file` carries the
 * spec's reason (attachment_limit_size, attachment_pdf_broken, ...); anything else says what it says.
 */
export function useUploadErrorText(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  if (!isApiError(error)) return t('common.unexpectedError');
  const reason =
    error.details.find((detail) => isReason(detail.code))?.code ?? (isReason(error.code) ? error.code : null);
  if (reason && isReason(reason)) return t(`trades.attachments.refused.${reason}`);
  return error.message;
}
