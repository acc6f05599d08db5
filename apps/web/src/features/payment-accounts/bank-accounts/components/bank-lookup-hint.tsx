import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BankLookup } from '../api/banks';

/**
 * Under the looked-up input: the bank the directory found ("Bank: NatWest"), that it is looking, or
 * that it does not know the bank (the form then asks for the name). Read out politely as it changes.
 */
export function BankLookupHint({ lookup }: { lookup: BankLookup }) {
  const { t } = useTranslation();
  if (lookup.status === 'idle') return null;
  const [text, color] =
    lookup.status === 'pending'
      ? [t('bankAccounts.form.lookup.searching'), 'dimmed']
      : lookup.status === 'found'
        ? [t('bankAccounts.form.lookup.found', { name: lookup.bank.name }), 'teal']
        : lookup.status === 'notFound'
          ? [t('bankAccounts.form.lookup.notFound'), 'orange']
          : [t('bankAccounts.form.lookup.failed'), 'dimmed'];
  return (
    <Text
      size="xs"
      c={color}
      mt={-6}
      aria-live="polite"
      data-testid="bank-lookup"
      style={{ overflowWrap: 'anywhere' }}
    >
      {text}
    </Text>
  );
}
