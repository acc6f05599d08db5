import { Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from './reason-dialog';

export type AppealOutcome = 'uphold' | 'reject';

/**
 * The end of an appeal's row, for a dispute's award and an offer's rejection alike: the decision once
 * made (its reason and who made it) or, while the appeal waits, reject and uphold, each through a reason
 * dialog that first says what it does (`effect`).
 */
export function AppealDecision({
  appeal,
  appellant,
  danger,
  doneMessage,
  effect,
  onDecide,
}: {
  appeal: { status: string; decisionReason: string | null; decidedBy: string | null };
  appellant: string;
  /** The outcome that undoes something (money or a moderator's rejection), marked red. */
  danger: AppealOutcome;
  doneMessage: string;
  effect: (outcome: AppealOutcome) => ReactNode;
  onDecide: (outcome: AppealOutcome, reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<AppealOutcome | null>(null);
  const button = (outcome: AppealOutcome) => (
    <Button
      size="xs"
      variant={outcome === 'reject' ? 'default' : 'light'}
      color={outcome === danger && outcome === 'uphold' ? 'red' : undefined}
      onClick={() => setDeciding(outcome)}
    >
      {t(`admin.appeals.action.${outcome}`)}
    </Button>
  );
  return (
    <>
      {appeal.decisionReason ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {appeal.decisionReason} ({appeal.decidedBy ?? '-'})
        </Text>
      ) : null}
      {appeal.status === 'appealed' ? (
        <Group gap="xs">
          {button('reject')}
          {button('uphold')}
        </Group>
      ) : null}
      {deciding ? (
        <ReasonDialog
          title={t(`admin.appeals.confirm.${deciding}`, { name: appellant })}
          confirmLabel={t(`admin.appeals.action.${deciding}`)}
          danger={deciding === danger}
          doneMessage={doneMessage}
          onClose={() => setDeciding(null)}
          onSubmit={(reason) => onDecide(deciding, reason)}
        >
          <Text size="sm">{effect(deciding)}</Text>
        </ReasonDialog>
      ) : null}
    </>
  );
}
