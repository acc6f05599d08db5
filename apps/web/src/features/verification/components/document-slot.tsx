import type { VerificationDocument, VerificationDocumentStatus } from '@app/contract';
import { Anchor, Badge, Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { FormError } from '@/shared/ui/form-error';
import { IconFileText } from '@/shared/ui/icons';
import { useUploadDocument } from '../api/requests';
import { useKycFormat } from '../hooks/use-kyc-format';
import { corruptedReasonText, verificationErrorText } from '../utils/verification-errors';

const PICTURES = 'image/jpeg,image/png,image/webp';
const PICTURES_OR_PDF = `${PICTURES},application/pdf`;

const STATUS_COLORS: Record<VerificationDocumentStatus, string> = {
  pending: 'gray',
  uploaded: 'blue',
  corrupted: 'red',
  approved: 'teal',
  rejected: 'orange',
};

/** The owner's copy of the file, never a stale one: the address stays the same when it is replaced. */
const fileUrl = (document: VerificationDocument) =>
  document.url ? `${document.url}?v=${encodeURIComponent(document.uploadedAt ?? '')}` : null;

/**
 * One document a request expects (the front, the back, the selfie, the proof of address): its status,
 * why it cannot be used (the inspection's reason, or the reviewer's words), a preview of what was sent
 * (a picture, or a link to the PDF) and the upload, again as often as needed while the request is open.
 */
export function DocumentSlot({
  requestId,
  document,
  editable,
  acceptsPdf,
}: {
  requestId: number;
  document: VerificationDocument;
  /** The request takes documents now: pending and not sent for review. */
  editable: boolean;
  acceptsPdf: boolean;
}) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const fallbackText = useApiErrorText();
  const upload = useUploadDocument();
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Cleared after each pick, so the same file can be picked again after a refusal.
  const resetRef = useRef<() => void>(null);
  const side = t(`verification.documents.sides.${document.side}`);

  // The chosen picture is shown while it uploads; its object URL is freed when it is replaced or gone.
  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  const choose = (file: File | null) => {
    if (!file) return;
    resetRef.current?.();
    setError(null);
    setLocalPreview(file.type.startsWith('image/') ? URL.createObjectURL(file) : null);
    upload.mutate(
      { requestId, side: document.side, file },
      {
        onSuccess: () => setLocalPreview(null),
        onError: (failure) => {
          setLocalPreview(null);
          setError(verificationErrorText(t, failure, fallbackText, format.dateTime));
        },
      },
    );
  };

  const url = fileUrl(document);
  const isPdf = document.mime === 'application/pdf';
  const preview = localPreview ?? (url && !isPdf ? url : null);
  const action =
    document.url || document.status !== 'pending'
      ? t('verification.documents.uploadAgain')
      : t('verification.documents.upload');
  const reason =
    document.status === 'corrupted'
      ? corruptedReasonText(t, document.reason)
      : document.status === 'rejected' && document.reason
        ? t('verification.documents.rejectedReason', { reason: document.reason })
        : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-testid={`document-${document.side}`}
      data-status={document.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {side}
          </Text>
          <Badge color={STATUS_COLORS[document.status]} variant="light" data-testid="document-status">
            {t(`verification.documents.status.${document.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t(`verification.documents.hints.${document.side}`)}
        </Text>
        {reason ? (
          <Text
            size="sm"
            c={document.status === 'corrupted' ? 'red' : 'orange'}
            style={{ overflowWrap: 'anywhere' }}
          >
            {reason}
          </Text>
        ) : null}
        {preview ? (
          <img
            src={preview}
            alt={t('verification.documents.previewAlt', { side })}
            style={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: 180,
              objectFit: 'contain',
              borderRadius: 8,
              background: 'var(--mantine-color-default-hover)',
            }}
            data-testid="document-preview"
          />
        ) : isPdf && url ? (
          <Anchor href={url} target="_blank" rel="noopener" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconFileText size={16} />
              {t('verification.documents.openPdf', { side })}
            </Group>
          </Anchor>
        ) : null}
        {document.uploadedAt && document.status !== 'pending' ? (
          <Text size="xs" c="dimmed">
            {t('verification.documents.uploadedAt', { date: format.dateTime(document.uploadedAt) })}
          </Text>
        ) : null}
        {upload.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('verification.documents.uploading')}</Text>
          </Group>
        ) : null}
        <FormError message={error} />
        {editable ? (
          <FileButton
            onChange={choose}
            accept={acceptsPdf ? PICTURES_OR_PDF : PICTURES}
            resetRef={resetRef}
            inputProps={{ 'data-testid': `document-input-${document.side}` } as ComponentProps<'input'>}
          >
            {(props) => (
              <Button
                {...props}
                size="sm"
                variant={document.status === 'pending' ? 'filled' : 'light'}
                loading={upload.isPending}
                aria-label={t('verification.documents.uploadLabel', { action, side })}
              >
                {action}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Stack>
    </Paper>
  );
}
