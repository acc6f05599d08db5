import type { KycRequirement, VerificationApprovalOutcome } from '@app/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';

/**
 * What approving a verification does to the trader's level (the server reads it from the levels table,
 * decision 0053): the level after approval, then what is still missing for the level this kind of
 * verification is for, or else for the next one. "Their level rises at once" was untrue for a trader
 * whose phone is not verified: an ID alone leaves them at L1.
 */
export function ApprovalOutcome({
  current,
  outcome,
}: {
  current: string;
  outcome: VerificationApprovalOutcome;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = (missing: readonly KycRequirement[]) =>
    new Intl.ListFormat(locale, { type: 'conjunction' }).format(
      missing.map((requirement) => t(`admin.verifications.requirement.${requirement}`)),
    );
  const { level, target, next } = outcome;
  const gap = target && target.missing.length > 0 ? { key: 'targetMissing' as const, ...target } : null;
  const ahead = !gap && next && next.missing.length > 0 ? { key: 'nextMissing' as const, ...next } : null;
  const missing = gap ?? ahead;
  return (
    <Stack gap={4} data-testid="approval-outcome">
      <Text size="sm" fw={600}>
        {level === current
          ? t('admin.verifications.approveLevel.stays', { level })
          : t('admin.verifications.approveLevel.rises', { level, current })}
      </Text>
      {missing ? (
        <Text size="sm">
          {t(`admin.verifications.approveLevel.${missing.key}`, {
            level: missing.level,
            missing: list(missing.missing),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
