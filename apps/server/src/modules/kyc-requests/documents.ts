import type { IdDocumentType, VerificationDocumentSide, VerificationType } from '@app/contract';
import { idDocumentTypes } from '@app/contract';
import type { ProvenRequirement } from '../kyc/index.js';

/**
 * Countries whose people have no national identity card to show (ISO 3166-1 alpha-3): there a passport,
 * a driving licence or a residence permit proves who someone is. Everywhere else all four documents do.
 */
const WITHOUT_NATIONAL_ID_CARD = new Set(['AUS', 'CAN', 'DNK', 'GBR', 'NZL', 'USA']);

/** The ID documents accepted from a country. */
export const idDocumentTypesOf = (iso3: string): IdDocumentType[] =>
  idDocumentTypes.filter((type) => type !== 'id_card' || !WITHOUT_NATIONAL_ID_CARD.has(iso3));

/** The sides a request of a type expects (the ID's depend on its document). */
export function sidesOf(type: VerificationType, documentType?: string): VerificationDocumentSide[] {
  switch (type) {
    case 'id':
      return documentType === 'passport' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
    case 'address':
      return ['address'];
    case 'company':
      return ['company'];
    case 'video':
      return [];
  }
}

/** What an approved request proves (decision 0037's requirements). */
export const provenBy: Record<VerificationType, ProvenRequirement[]> = {
  id: ['id_document', 'selfie'],
  address: ['address'],
  video: ['video'],
  company: ['company'],
};

/** Pictures only for an ID's sides and the selfie; a proof of address or company papers may be a PDF. */
export const acceptsPdf = (side: VerificationDocumentSide): boolean =>
  side === 'address' || side === 'company';
