import { sql } from 'drizzle-orm';
import type { NameSources } from '@app/contract';

/**
 * What a user's shown full name is made of (contract `NameSources`, decision 0050), as columns another
 * module's statement reads beside its own rows: the settings on `users` (alias `user`), the names the
 * approved ID verification proved in `user_kyc` (alias `kyc`, LEFT JOINed; only while the ID document
 * stays verified) and the company's names while it is verified (`company_at`). The company is read by
 * its SQL name, `corporate_accounts`: the corporate module depends on this one.
 */
export const nameSourcesColumns = (user: string, kyc: string) => {
  const u = sql.raw(user);
  const k = sql.raw(kyc);
  return sql`${u}.full_name_visibility AS name_visibility, ${u}.full_name_display AS name_display,
    CASE WHEN ${k}.id_document_at IS NOT NULL THEN ${k}.first_name END AS name_first,
    CASE WHEN ${k}.id_document_at IS NOT NULL THEN ${k}.middle_name END AS name_middle,
    CASE WHEN ${k}.id_document_at IS NOT NULL THEN ${k}.last_name END AS name_last,
    (SELECT ca.legal_name FROM corporate_accounts ca
      WHERE ca.user_id = ${u}.id AND ${k}.company_at IS NOT NULL) AS name_legal,
    (SELECT ca.business_name FROM corporate_accounts ca
      WHERE ca.user_id = ${u}.id AND ${k}.company_at IS NOT NULL) AS name_business`;
};

/** The row those columns make (see `nameSourcesColumns`). */
export type NameSourcesColumns = {
  name_visibility: string;
  name_display: string;
  name_first: string | null;
  name_middle: string | null;
  name_last: string | null;
  name_legal: string | null;
  name_business: string | null;
};

export const nameSourcesOf = (row: NameSourcesColumns): NameSources => ({
  visibility: row.name_visibility,
  display: row.name_display,
  firstName: row.name_first ?? null,
  middleName: row.name_middle ?? null,
  lastName: row.name_last ?? null,
  legalName: row.name_legal ?? null,
  businessName: row.name_business ?? null,
});
