import type { KycRequirement } from '@app/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { IconCircleCheck, IconCircleDashed } from '@/shared/ui/icons';
import { STEP_TITLE_IDS } from '../utils/steps';

/** Where each missing requirement is proven: another page, or a step further down this one. */
function useRequirementLink(): (requirement: KycRequirement) => ReactNode {
  const { t } = useTranslation();
  const verifyEmailPath = useNamedRoute('verifyEmail');
  const securityPath = useNamedRoute('userSecurity');
  return (requirement) => {
    switch (requirement) {
      case 'email':
        return (
          <Anchor component={Link} to={verifyEmailPath} size="sm">
            {t('verification.requirements.verifyEmail')}
          </Anchor>
        );
      case 'phone':
        return (
          <Anchor component={Link} to={securityPath} size="sm">
            {t('verification.requirements.verifyPhone')}
          </Anchor>
        );
      case 'id_document':
      case 'selfie':
        return (
          <Anchor href={`#${STEP_TITLE_IDS.id}`} size="sm">
            {t('verification.requirements.goToStep')}
          </Anchor>
        );
      case 'address':
        return (
          <Anchor href={`#${STEP_TITLE_IDS.address}`} size="sm">
            {t('verification.requirements.goToStep')}
          </Anchor>
        );
      case 'video':
        return (
          <Anchor href={`#${STEP_TITLE_IDS.video}`} size="sm">
            {t('verification.requirements.goToStep')}
          </Anchor>
        );
      case 'company':
        return null;
    }
  };
}

/**
 * What a trader has proven, one line per requirement: done or still to do (said in words, not only by
 * the icon's colour), with the way to do what is missing.
 */
export function RequirementChecklist({
  items,
  label,
  withLinks = true,
}: {
  items: readonly { requirement: KycRequirement; met: boolean }[];
  label: string;
  withLinks?: boolean;
}) {
  const { t } = useTranslation();
  const linkOf = useRequirementLink();
  return (
    <Stack component="ul" gap={6} aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map(({ requirement, met }) => (
        <Group
          component="li"
          key={requirement}
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          data-testid={`requirement-${requirement}`}
          data-met={met}
        >
          <Text span c={met ? 'teal' : 'dimmed'} lh={0} mt={1}>
            {met ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}
          </Text>
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {t(`verification.requirements.names.${requirement}`)}
            </Text>
            <Text size="sm" c={met ? 'teal' : 'dimmed'}>
              {met ? t('verification.requirements.met') : t('verification.requirements.unmet')}
            </Text>
            {!met && withLinks ? linkOf(requirement) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
