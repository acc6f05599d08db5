import type { VerificationAttempts } from '@app/contract';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useKycFormat } from '../hooks/use-kyc-format';

/**
 * How many new attempts of a type are left in the window, or, when none is, when the next one opens
 * (the start form is not offered then).
 */
export function AttemptsNote({ attempts }: { attempts: VerificationAttempts }) {
  const { t } = useTranslation();
  const format = useKycFormat();
  if (attempts.attemptsLeft === 0) {
    return (
      <Alert color="orange" variant="light" role="alert" data-testid="attempts-exhausted">
        {attempts.nextAttemptAt
          ? t('verification.attempts.noneUntil', {
              max: attempts.maxAttempts,
              days: attempts.windowDays,
              date: format.dateTime(attempts.nextAttemptAt),
            })
          : t('verification.attempts.none', { max: attempts.maxAttempts, days: attempts.windowDays })}
      </Alert>
    );
  }
  return (
    <Text size="xs" c="dimmed" data-testid="attempts-left">
      {t('verification.attempts.left', {
        count: attempts.attemptsLeft,
        max: attempts.maxAttempts,
        days: attempts.windowDays,
      })}
    </Text>
  );
}
