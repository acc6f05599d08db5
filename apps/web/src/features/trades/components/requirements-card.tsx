import { Alert, Anchor, Badge, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RequirementStatus, Trade, TradeAttachment, TradeRequirement } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useReviewRequirement, useUploadTradeAttachment } from '../api/attachments';
import { useUploadErrorText } from '../hooks/use-upload-error-text';
import { ACCEPTED_FILES } from '../utils/attachments';
import { FormError } from '@/shared/ui/form-error';

const statusColor: Record<RequirementStatus, string> = {
  pending: 'yellow',
  uploaded: 'blue',
  approved: 'teal',
  rejected: 'red',
  corrupted: 'red',
};

type RequirementsCardProps = { trade: Trade; attachments: readonly TradeAttachment[] };

/**
 * The flow's steps: what the buyer must provide before the payment details show and before marking
 * paid (a photo ID, a receipt), each with its status. The buyer uploads; the seller approves or
 * rejects what was uploaded. Hidden when the offer asks for nothing.
 */
export function RequirementsCard({ trade, attachments }: RequirementsCardProps) {
  const { t } = useTranslation();
  const steps = [
    { key: 'beforeRevealPaymentDetails' as const, items: trade.flow.state.beforeRevealPaymentDetails },
    { key: 'beforeMarkAsPaid' as const, items: trade.flow.state.beforeMarkAsPaid },
  ].filter((step) => step.items.length > 0);
  const upload = useUploadTradeAttachment(trade.id);
  const review = useReviewRequirement(trade.id);
  const uploadError = useUploadErrorText(upload.error);
  if (steps.length === 0) return null;
  const finished = !trade.availableActions.length && !['active_funded', 'paid'].includes(trade.status);

  const fileOf = (requirement: TradeRequirement) =>
    attachments.filter((a) => a.requirementId === requirement.id).at(-1) ?? null;

  return (
    <Paper withBorder radius="md" p="md" data-testid="requirements">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trades.requirements.title')}
        </Title>
        {steps.map((step) => (
          <Stack key={step.key} gap="xs">
            <Text size="sm" fw={600}>
              {t(`trades.requirements.step.${step.key}`)}
            </Text>
            {step.items.map((requirement) => {
              const file = fileOf(requirement);
              const canUpload =
                trade.role === 'buyer' &&
                !finished &&
                ['pending', 'rejected', 'corrupted'].includes(requirement.status);
              const canReview = trade.role === 'seller' && !finished && requirement.status === 'uploaded';
              return (
                <Group
                  key={requirement.id}
                  justify="space-between"
                  gap="xs"
                  wrap="wrap"
                  data-testid={`requirement-${requirement.type}`}
                >
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{t(`trades.requirements.type.${requirement.type}`)}</Text>
                    {requirement.optional ? (
                      <Text size="xs" c="dimmed">
                        {t('trades.requirements.optional')}
                      </Text>
                    ) : null}
                    <Badge size="sm" variant="light" color={statusColor[requirement.status]}>
                      {t(`trades.requirements.status.${requirement.status}`)}
                    </Badge>
                  </Group>
                  <Group gap="xs">
                    {file ? (
                      <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
                        {file.originalName}
                      </Anchor>
                    ) : null}
                    {canUpload ? (
                      <FileButton
                        accept={ACCEPTED_FILES}
                        onChange={(chosen) => {
                          if (chosen) upload.mutate({ file: chosen, requirementId: requirement.id });
                        }}
                      >
                        {(props) => (
                          <Button size="xs" variant="light" loading={upload.isPending} {...props}>
                            {t('trades.requirements.upload')}
                          </Button>
                        )}
                      </FileButton>
                    ) : null}
                    {canReview ? (
                      <>
                        <Button
                          size="xs"
                          color="teal"
                          variant="light"
                          loading={review.isPending}
                          onClick={() => review.mutate({ requirementId: requirement.id, status: 'approved' })}
                        >
                          {t('trades.requirements.approve')}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          loading={review.isPending}
                          onClick={() => review.mutate({ requirementId: requirement.id, status: 'rejected' })}
                        >
                          {t('trades.requirements.reject')}
                        </Button>
                      </>
                    ) : null}
                  </Group>
                </Group>
              );
            })}
          </Stack>
        ))}
        <FormError message={uploadError} />
        {review.isError ? (
          <Alert color="red" variant="light" role="alert">
            {review.error.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
