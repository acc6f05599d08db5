import {
  adminVerificationDenyBodySchema,
  isVerificationDetailKey,
  verificationDetailKeys,
  type AdminVerificationDetail,
  type VerificationDocument,
} from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { FormError } from '@/shared/ui/form-error';
import { IconFileText } from '@/shared/ui/icons';
import { toast } from '@/shared/ui/toast';
import {
  useApproveVerification,
  useDenyVerification,
  useRejectVerificationDocument,
  useVerificationDetail,
} from '../api/verifications';
import { ApprovalOutcome } from '../components/approval-outcome';
import { ConsoleHeader } from '../components/console-header';
import { ReasonDialog } from '../components/reason-dialog';
import { documentStatusColor, verificationStatusColor } from '../components/verification-status';

/** The reason rule of deny and "ask for a new document" (the contract's), in the page's language. */
function reasonProblem(t: TFunction, reason: string): string | null {
  const parsed = adminVerificationDenyBodySchema.safeParse({ reason });
  if (parsed.success) return null;
  return parsed.error.issues[0]?.code === 'too_big'
    ? t('admin.verifications.reasonTooLong', { max: 500 })
    : t('admin.verifications.reasonTooShort');
}

/** The details the trader entered, unmasked, as they were sent. */
function DetailsCard({ request }: { request: AdminVerificationDetail }) {
  const { t } = useTranslation();
  const known = verificationDetailKeys.filter((key) => request.details[key]);
  const others = Object.keys(request.details).filter(
    (key) => !isVerificationDetailKey(key) && request.details[key],
  );
  const rows = [...known, ...others].map((key) => [key, request.details[key] ?? ''] as const);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="xs">
        {t('admin.verifications.details')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          -
        </Text>
      ) : (
        <Stack component="dl" gap={4} m={0} data-testid="verification-details">
          {rows.map(([key, value]) => (
            <Group key={key} gap="xs" wrap="wrap" align="baseline">
              <Text component="dt" size="sm" c="dimmed">
                {isVerificationDetailKey(key) ? t(`admin.verifications.fields.${key}`) : key}
              </Text>
              <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
                {key === 'url' ? (
                  <Anchor href={value} target="_blank" rel="noopener noreferrer">
                    {value}
                  </Anchor>
                ) : (
                  value
                )}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** One document side by side with the others: the picture (or the PDF's link), its status, "ask again". */
function DocumentCard({
  request,
  document,
  reviewable,
}: {
  request: AdminVerificationDetail;
  document: VerificationDocument;
  reviewable: boolean;
}) {
  const { t } = useTranslation();
  const reject = useRejectVerificationDocument(request.id);
  const [asking, setAsking] = useState(false);
  const side = t(`admin.verifications.sides.${document.side}`);
  const isPdf = document.mime === 'application/pdf';
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid={`review-document-${document.side}`}
      data-status={document.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {side}
          </Text>
          <Badge variant="light" color={documentStatusColor(document.status)}>
            {t(`admin.verifications.documentStatus.${document.status}`)}
          </Badge>
        </Group>
        {document.url && !isPdf ? (
          <Anchor href={document.url} target="_blank" rel="noopener">
            <img
              src={document.url}
              alt={t('admin.verifications.documentAlt', { side, name: request.user.username })}
              style={{
                display: 'block',
                width: '100%',
                maxHeight: 320,
                objectFit: 'contain',
                borderRadius: 8,
              }}
            />
          </Anchor>
        ) : document.url ? (
          <Anchor href={document.url} target="_blank" rel="noopener" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconFileText size={16} />
              {t('admin.verifications.openPdf', { side })}
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('admin.verifications.noFile')}
          </Text>
        )}
        {document.reason ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.verifications.documentReason', { reason: document.reason })}
          </Text>
        ) : null}
        {reviewable && document.status === 'uploaded' ? (
          <Group>
            <Button
              size="xs"
              variant="light"
              color="orange"
              onClick={() => setAsking(true)}
              aria-label={t('admin.verifications.askAgainLabel', { side })}
            >
              {t('admin.verifications.askAgain')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {asking ? (
        <ReasonDialog
          title={t('admin.verifications.askAgainTitle', { side })}
          confirmLabel={t('admin.verifications.askAgainConfirm')}
          danger={false}
          doneMessage={t('admin.verifications.askedAgain')}
          reasonLabel={t('admin.verifications.reasonForTrader')}
          reasonMax={500}
          checkReason={(reason) => reasonProblem(t, reason)}
          onClose={() => setAsking(false)}
          onSubmit={(reason) => reject.mutateAsync({ documentId: document.id, reason })}
        >
          <Text size="sm">{t('admin.verifications.askAgainEffect', { name: request.user.username })}</Text>
        </ReasonDialog>
      ) : null}
    </Paper>
  );
}

/** Approve after a confirmation naming the trader and what the approval proves. */
function ApproveDialog({ request, onClose }: { request: AdminVerificationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const approve = useApproveVerification(request.id);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    approve.mutate(undefined, {
      onSuccess: () => {
        toast.success({ message: t('admin.verifications.approved') });
        onClose();
      },
      onError: (failure) =>
        setError(
          isApiError(failure) && failure.code === 'FORBIDDEN_ROLE'
            ? t('admin.verifications.ownRequest')
            : errorText(failure),
        ),
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('admin.verifications.approveTitle')} centered>
      <Stack gap="sm">
        <Text size="sm">
          {t(`admin.verifications.approveEffect.${request.type}`, { name: request.user.username })}
        </Text>
        <ApprovalOutcome current={request.user.level} outcome={request.approval} />
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="teal" onClick={confirm} loading={approve.isPending}>
            {t('admin.verifications.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * One verification request for the reviewer (`/admin/verifications/{id}`): the trader and their level,
 * what they entered (unmasked), the documents side by side, and the decisions: approve (confirmed),
 * deny with the reason the trader reads, or ask for one document again. Every look is audited by the
 * server, the pictures included.
 */
export function VerificationReviewPage() {
  const { id = '' } = useParams();
  const requestId = Number(id);
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const detail = useVerificationDetail(requestId);
  const deny = useDenyVerification(requestId);
  const [approving, setApproving] = useState(false);
  const [denying, setDenying] = useState(false);
  useDocumentTitle(t('admin.verifications.detailTitle', { id }));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? date.format(new Date(iso)) : '-');

  const back = (
    <Anchor component={Link} to={localize('/admin/verifications')} size="sm">
      ← {t('admin.verifications.back')}
    </Anchor>
  );
  if (detail.isPending) {
    return (
      <Container size="lg" py="xl">
        <Skeleton height={320} />
      </Container>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <Stack gap="md">
          {back}
          <ErrorState
            message={missing ? t('admin.verifications.notFound') : t('admin.verifications.detailError')}
            onRetry={missing ? undefined : () => void detail.refetch()}
          />
        </Stack>
      </Container>
    );
  }
  const request = detail.data;
  const reviewable = request.status === 'pending' && request.inReview;
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        {back}
        <ConsoleHeader
          title={t('admin.verifications.detailHeading', {
            id: request.id,
            type: t(`admin.verifications.types.${request.type}`),
          })}
        />
        <Paper withBorder radius="md" p="md" data-testid="verification-summary">
          <Stack gap={6}>
            <Group gap="xs">
              <Badge
                variant="light"
                color={verificationStatusColor(request.status)}
                data-testid="verification-status"
              >
                {reviewable
                  ? t('admin.verifications.inReview')
                  : t(`admin.verifications.status.${request.status}`)}
              </Badge>
              <Badge variant="light" color="gray" data-testid="trader-level">
                {t('admin.verifications.level', { level: request.user.level })}
              </Badge>
            </Group>
            <Text size="sm">
              {t('admin.verifications.traderLine', {
                country: request.user.country ?? '-',
                registered: when(request.user.registeredAt),
              })}{' '}
              <Anchor
                component={Link}
                to={localize(`/admin/users/${encodeURIComponent(request.user.username)}`)}
              >
                {request.user.username}
              </Anchor>
            </Text>
            <Text size="xs" c="dimmed">
              {t('admin.verifications.timeline', {
                created: when(request.createdAt),
                submitted: when(request.submittedAt),
                expires: when(request.expiresAt),
              })}
            </Text>
            {request.decidedAt ? (
              <Text size="sm">
                {t('admin.verifications.decidedBy', {
                  date: when(request.decidedAt),
                  name: request.decidedBy ?? '-',
                })}
              </Text>
            ) : null}
            {request.reason ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('admin.dispute.decision.reason', { reason: request.reason })}
              </Text>
            ) : null}
            {request.status === 'pending' && !request.inReview ? (
              <Alert color="gray" variant="light">
                {t('admin.verifications.notSent')}
              </Alert>
            ) : null}
            {reviewable ? (
              <Group gap="xs" mt="xs">
                <Button size="sm" color="teal" onClick={() => setApproving(true)}>
                  {t('admin.verifications.approve')}
                </Button>
                <Button size="sm" color="red" variant="light" onClick={() => setDenying(true)}>
                  {t('admin.verifications.deny')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
        <DetailsCard request={request} />
        <section aria-labelledby="review-documents-title">
          <Title order={2} fz="lg" mb="xs" id="review-documents-title">
            {t('admin.verifications.documents')}
          </Title>
          {request.documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.verifications.noDocuments')}
            </Text>
          ) : (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: Math.min(3, request.documents.length) }}
              spacing="md"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {request.documents.map((document) => (
                <DocumentCard
                  key={document.id}
                  request={request}
                  document={document}
                  reviewable={reviewable}
                />
              ))}
            </SimpleGrid>
          )}
        </section>
        {approving ? <ApproveDialog request={request} onClose={() => setApproving(false)} /> : null}
        {denying ? (
          <ReasonDialog
            title={t('admin.verifications.denyTitle', { name: request.user.username })}
            confirmLabel={t('admin.verifications.deny')}
            danger
            doneMessage={t('admin.verifications.denied')}
            reasonLabel={t('admin.verifications.reasonForTrader')}
            reasonMax={500}
            checkReason={(reason) => reasonProblem(t, reason)}
            onClose={() => setDenying(false)}
            onSubmit={(reason) => deny.mutateAsync(reason)}
          >
            <Text size="sm">{t('admin.verifications.denyEffect', { name: request.user.username })}</Text>
          </ReasonDialog>
        ) : null}
      </Stack>
    </Container>
  );
}
