import { birthDateIssue, MINIMUM_TRADER_AGE, type BirthDateIssue } from '@app/contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { useConfirmBirthDate } from '../api/birth-date';

const KNOWN_ISSUES: readonly string[] = ['invalid_date', 'future_date', 'too_young', 'too_old'];

/** `1990-06-15` as the page's language writes a date ("15 June 1990"), read as a calendar day. */
function useLongDate() {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (value: string) => format.format(new Date(`${value}T00:00:00Z`));
}

/**
 * The date of birth, confirmed in two steps: the date (checked as the server checks it: a real past day
 * of someone 18 or older), then "this cannot be changed later" with the date in words, then the call.
 * A refusal from the server lands on the field; any other failure above the buttons.
 */
export function BirthDateForm({ onDone, onLater }: { onDone: () => void; onLater?: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const longDate = useLongDate();
  const confirm = useConfirmBirthDate();
  const [value, setValue] = useState('');
  const [issue, setIssue] = useState<BirthDateIssue | 'required' | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const today = new Date().toISOString().slice(0, 10);

  const issueText = (code: BirthDateIssue | 'required') =>
    t(`account.birthDate.issues.${code}`, { age: MINIMUM_TRADER_AGE });

  const send = () =>
    confirm.mutate(value, {
      onSuccess: onDone,
      onError: (error) => {
        setChecking(false);
        const detail = isApiError(error) ? error.details.find((d) => d.field === 'birth_date') : undefined;
        if (detail && KNOWN_ISSUES.includes(detail.code)) setIssue(detail.code as BirthDateIssue);
        else if (detail) setFailure(detail.message);
        else setFailure(errorText(error));
      },
    });

  if (checking) {
    return (
      <Stack gap="sm" data-testid="birth-date-check">
        <Text size="sm">{t('account.birthDate.check', { date: longDate(value) })}</Text>
        <Text size="sm" c="dimmed">
          {t('account.birthDate.once')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setChecking(false)} disabled={confirm.isPending}>
            {t('account.birthDate.change')}
          </Button>
          <Button onClick={send} loading={confirm.isPending}>
            {t('account.birthDate.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('account.birthDate.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        const found = value ? birthDateIssue(value, new Date()) : 'required';
        setIssue(found);
        if (!found) setChecking(true);
      }}
    >
      <Stack gap="sm">
        <TextInput
          type="date"
          label={t('account.birthDate.label')}
          description={t('account.birthDate.hint', { age: MINIMUM_TRADER_AGE })}
          value={value}
          max={today}
          min="1900-01-01"
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setIssue(null);
          }}
          error={issue ? issueText(issue) : undefined}
          required
          maw={260}
          data-testid="birth-date-input"
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {onLater ? (
            <Button variant="default" onClick={onLater}>
              {t('account.birthDate.later')}
            </Button>
          ) : null}
          <Button type="submit">{t('account.birthDate.next')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
