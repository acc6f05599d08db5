import type { RelationAction } from '@app/contract';
import { Button, Group, type MantineSize } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { toast } from '@/shared/ui/toast';
import { useUpdateRelation } from '../api/update-relation';
import { BlockDialog } from './block-dialog';

type RelationActionsProps = {
  username: string;
  /** What the viewer thinks of the user; null when not known (the trade page): Trust and Block are offered. */
  isTrusted: boolean | null;
  isBlocked: boolean | null;
  /** After a change was saved, with the relation it left (e.g. to update the page's own data). */
  onChange?: (flags: { isTrusted: boolean; isBlocked: boolean }) => void;
  size?: MantineSize;
};

/**
 * Trust / Untrust and Block / Unblock for one user. Blocking asks first (BlockDialog); the others apply
 * at once with a toast. The contacts lists follow every change (api/update-relation.ts).
 */
export function RelationActions({
  username,
  isTrusted,
  isBlocked,
  onChange,
  size = 'xs',
}: RelationActionsProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const [confirming, setConfirming] = useState(false);
  const mutation = useUpdateRelation(username, {
    onSuccess: (result, action) => {
      setConfirming(false);
      toast.success({ message: t(`contacts.done.${action}`, { username: result.username }) });
      onChange?.({ isTrusted: result.isTrusted, isBlocked: result.isBlocked });
    },
    onError: (error) => toast.error({ title: t('contacts.failed'), message: errorText(error) }),
  });
  // The last change made here is the newest news; before one, the caller's flags (false when unknown).
  const trusted = mutation.data?.isTrusted ?? isTrusted ?? false;
  const blocked = mutation.data?.isBlocked ?? isBlocked ?? false;

  const apply = (action: RelationAction) => mutation.mutate(action);
  const pendingAction = mutation.isPending ? mutation.variables : null;

  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('contacts.actions.label', { username })}>
      <Button
        size={size}
        variant={trusted ? 'default' : 'light'}
        color={trusted ? undefined : 'teal'}
        loading={pendingAction === 'trusted' || pendingAction === 'untrusted'}
        disabled={mutation.isPending}
        onClick={() => apply(trusted ? 'untrusted' : 'trusted')}
      >
        {trusted ? t('contacts.actions.untrust') : t('contacts.actions.trust')}
      </Button>
      <Button
        size={size}
        variant={blocked ? 'default' : 'light'}
        color={blocked ? undefined : 'red'}
        loading={pendingAction === 'unblocked'}
        disabled={mutation.isPending}
        onClick={() => (blocked ? apply('unblocked') : setConfirming(true))}
      >
        {blocked ? t('contacts.actions.unblock') : t('contacts.actions.block')}
      </Button>
      <BlockDialog
        opened={confirming}
        username={username}
        isTrusted={trusted}
        pending={pendingAction === 'blocked'}
        onConfirm={() => apply('blocked')}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}
