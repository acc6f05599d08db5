import {
  containsDigit,
  containsLowercase,
  containsSpecial,
  containsUppercase,
  hasMinLength,
  PASSWORD_MIN_LENGTH,
} from '@app/contract';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconX } from '@/shared/ui/icons';

type Rule = { id: string; met: boolean; label: string };

/**
 * The contract's password rules, checked as the user types (the same helpers the server's schema
 * uses, so the list and the server can never disagree). Unmet rules turn red once `showErrors` is set.
 */
/** Which of the contract's strength rules a password meets (the length cap is checked by the schema). */
export function checkPasswordRules(value: string) {
  return {
    length: hasMinLength(value, PASSWORD_MIN_LENGTH),
    digit: containsDigit(value),
    lowercase: containsLowercase(value),
    uppercase: containsUppercase(value),
    special: containsSpecial(value),
  };
}

export const meetsPasswordRules = (value: string): boolean =>
  Object.values(checkPasswordRules(value)).every(Boolean);

export function PasswordRules({ value, showErrors }: { value: string; showErrors: boolean }) {
  const { t } = useTranslation();
  const met = checkPasswordRules(value);
  const rules: Rule[] = [
    { id: 'length', met: met.length, label: t('validation.minLength', { count: PASSWORD_MIN_LENGTH }) },
    { id: 'digit', met: met.digit, label: t('validation.passwordDigit') },
    { id: 'lowercase', met: met.lowercase, label: t('validation.passwordLowercase') },
    { id: 'uppercase', met: met.uppercase, label: t('validation.passwordUppercase') },
    { id: 'special', met: met.special, label: t('validation.passwordSpecial') },
  ];
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('auth.register.passwordRulesTitle')}
      </Text>
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label={t('auth.register.passwordRulesTitle')}
      >
        {rules.map((rule) => {
          const color = rule.met ? 'teal' : showErrors ? 'red' : 'dimmed';
          return (
            <li key={rule.id} data-rule={rule.id} data-met={rule.met}>
              <Group gap={6} wrap="nowrap">
                <Text component="span" c={color} lh={0}>
                  {rule.met ? <IconCheck size={16} /> : <IconX size={16} />}
                </Text>
                <Text component="span" size="sm" c={color}>
                  {rule.label}
                </Text>
                <VisuallyHidden>
                  {rule.met ? t('auth.register.ruleMet') : t('auth.register.ruleNotMet')}
                </VisuallyHidden>
              </Group>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
