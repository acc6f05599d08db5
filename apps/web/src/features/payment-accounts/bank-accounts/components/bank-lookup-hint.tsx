import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BankLookup } from '../api/banks';

/**
 * Under the looked-up input: the bank the directory found ("Bank: NatWest · BIC NWBKGB2L"), that it is
 * looking, or that it does not know the bank (the form then asks for the name, optional on the SEPA form).
 * Read out politely as it changes.
 */
export function BankLookupHint({
  lookup,
  nameOptional = false,
}: {
  lookup: BankLookup;
  /** The form does without the bank's name (SEPA): an unknown bank is no problem. */
  nameOptional?: boolean;
}) {
  const { t } = useTranslation();
  if (lookup.status === 'idle') return null;
  const [text, color] =
    lookup.status === 'pending'
      ? [t('bankAccounts.form.lookup.searching'), 'dimmed']
      : lookup.status === 'found'
        ? [
            lookup.bank.swiftCode
              ? t('bankAccounts.form.lookup.foundWithBic', {
                  name: lookup.bank.name,
                  bic: lookup.bank.swiftCode,
                })
              : t('bankAccounts.form.lookup.found', { name: lookup.bank.name }),
            'teal',
          ]
        : nameOptional
          ? [t('bankAccounts.form.lookup.notFoundOptional'), 'dimmed']
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
