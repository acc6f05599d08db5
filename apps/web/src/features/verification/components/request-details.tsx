import {
  addressDocumentTypes,
  idDocumentTypes,
  type AddressDocumentType,
  type IdDocumentType,
  type VerificationDetailKey,
  type VerificationRequest,
  verificationDetailKeys,
} from '@app/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useVerificationCountries } from '../api/countries';

const isIdType = (value: string): value is IdDocumentType =>
  (idDocumentTypes as readonly string[]).includes(value);
const isAddressType = (value: string): value is AddressDocumentType =>
  (addressDocumentTypes as readonly string[]).includes(value);

/**
 * What the trader entered for a request, as the server keeps it: the identifying numbers masked but for
 * their end, countries and document types named in the page's language.
 */
export function RequestDetails({ request }: { request: VerificationRequest }) {
  const { t } = useTranslation();
  const countries = useVerificationCountries();
  const countryName = (iso3: string) =>
    countries.data?.countries.find((c) => c.iso3 === iso3)?.name.localized ?? iso3;
  const valueOf = (key: VerificationDetailKey, value: string) => {
    if (key === 'issue_country_iso3' || key === 'country_iso3') return countryName(value);
    if (key !== 'document_type') return value;
    if (isIdType(value)) return t(`verification.id.documentTypes.${value}`);
    if (isAddressType(value)) return t(`verification.address.documentTypes.${value}`);
    return value;
  };
  // What the forms ask for, in their order (anything else is not shown).
  const rows = verificationDetailKeys
    .filter((key) => (request.details[key] ?? '') !== '')
    .map((key) => ({
      key,
      value: valueOf(key, request.details[key] ?? ''),
    }));
  if (rows.length === 0) return null;
  return (
    <Stack component="dl" gap={4} m={0} data-testid="request-details">
      {rows.map((row) => (
        <Group key={row.key} gap="xs" wrap="wrap" align="baseline">
          <Text component="dt" size="sm" c="dimmed">
            {t(`verification.details.${row.key}`)}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
