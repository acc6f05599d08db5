import type { CorporateAccount, CorporateConversion, CorporateStatus } from '@app/contract';
import type { convertToCorporateBodySchema } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError, fieldError } from '../../platform/http/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { KycRequestsService } from '../kyc-requests/index.js';
import { corporateRepository, type CorporateWithApplication } from './repository.js';

const DAY_MS = 86_400_000;
/** How long "remind me later" hides the company verification's reminder. */
export const POSTPONE_DAYS = 7;
/** Where the web goes after a conversion to corporate: the page the company uploads its papers on. */
export const COMPANY_VERIFICATION_PAGE = '/account/verification';

/**
 * The spec's corporate statuses, from the company verification (decision 0040): the application is
 * submitted until its papers are all in (or its request expired: it must be sent again), in review
 * while staff look at it, waiting for a resubmission when staff asked for a new document, then approved
 * or rejected.
 */
export function corporateStatusOf(request: CorporateWithApplication['request']): CorporateStatus {
  if (request === null || request.status === 'expired') return 'application_submitted';
  if (request.status === 'approved') return 'application_approved';
  if (request.status === 'denied') return 'application_rejected';
  if (request.submitted) return 'in_review';
  return request.resubmit ? 'application_waiting_resubmission' : 'application_submitted';
}

export function presentCorporate(row: CorporateWithApplication): CorporateAccount {
  return {
    status: corporateStatusOf(row.request),
    legalName: row.legalName,
    businessName: row.businessName,
    registrationNumber: row.registrationNumber,
    countryIso3: row.countryIso3,
    nameDisplay: row.nameDisplay,
    verificationRequestId: row.request?.status === 'pending' ? row.request.id : null,
    postponedUntil: row.postponedUntil?.toISOString() ?? null,
  };
}

/** The name a company shows beside its username, as it chose (the business name when it has one). */
export const displayedNameOf = (
  row: Pick<CorporateWithApplication, 'legalName' | 'businessName' | 'nameDisplay'>,
) => (row.nameDisplay === 'business_name' && row.businessName !== '' ? row.businessName : row.legalName);

export type CorporateServiceOptions = {
  db: Db;
  requests: Pick<KycRequestsService, 'startCompany' | 'withdrawCompany'>;
  catalogue: Pick<CatalogueService, 'data'>;
  events: EventBus;
  now?: () => Date;
};

/**
 * Corporate accounts (spec: the corporate-account calls; decision 0040). Converting to corporate writes
 * the company's application and opens its company verification in one transaction; converting back ends
 * that verification and takes back what it proved; the owner may put the verification off.
 */
export function createCorporateService(options: CorporateServiceOptions) {
  const { db, requests, catalogue, events } = options;
  const now = options.now ?? (() => new Date());

  async function account(userId: number): Promise<CorporateAccount | null> {
    const [row] = await corporateRepository.withApplication(db, [userId]);
    return row ? presentCorporate(row) : null;
  }

  /** The owner's other tabs refetch their verifications and the current user (decision 0038's event). */
  const announce = (userId: number, corporate: CorporateAccount | null) =>
    events.publish({
      type: 'verification.updated',
      userIds: [userId],
      data: {
        requestId: corporate?.verificationRequestId ?? null,
        type: 'company',
        status: corporate?.status ?? 'personal',
      },
    });

  const notCorporate = () =>
    new AppError(409, 'NOT_CORPORATE_ACCOUNT', 'This is a personal account, not a company’s.');

  return {
    account,

    /** The approved companies' displayed names, by user (public profiles, trade pages). */
    async verifiedNames(userIds: readonly number[]): Promise<Map<number, string>> {
      const rows = await corporateRepository.withApplication(db, userIds);
      return new Map(
        rows
          .filter((row) => row.request?.status === 'approved')
          .map((row) => [row.userId, displayedNameOf(row)]),
      );
    },

    /**
     * `POST /rest/v1/users/corporate-accounts/convert-to-corporate`: the company's application. Sent
     * again, it corrects the application (or restarts an expired or rejected one); a company verified
     * already, or one in review, cannot change (409).
     */
    async convertToCorporate(
      userId: number,
      body: z.output<typeof convertToCorporateBodySchema>,
    ): Promise<CorporateConversion> {
      const country = (await catalogue.data()).countries.find((c) => c.iso3 === body.country_iso3);
      if (!country) throw fieldError('country_iso3', 'Unknown country', 'country_unknown');
      const current = await account(userId);
      if (current?.status === 'application_approved') {
        throw new AppError(409, 'ALREADY_CORPORATE', 'This account is already a verified company’s.');
      }
      const at = now();
      const fields = {
        legalName: body.legal_name,
        businessName: body.business_name,
        registrationNumber: body.registration_number,
        countryIso3: country.iso3,
        nameDisplay: body.name_display,
      };
      await requests.startCompany(
        userId,
        {
          legal_name: fields.legalName,
          business_name: fields.businessName,
          registration_number: fields.registrationNumber,
          country_iso3: fields.countryIso3,
        },
        // First in the transaction: both conversions take the account's row before its verification.
        (tx) => corporateRepository.upsert(tx, { userId, ...fields }, at),
      );
      const corporateAccount = await account(userId);
      announce(userId, corporateAccount);
      return { redirect: COMPANY_VERIFICATION_PAGE, corporateAccount };
    },

    /**
     * `POST /rest/v1/users/corporate-accounts/convert-to-personal`: the account is a person's again;
     * its company verification ends (staff can no longer decide it) and what it proved is taken back.
     */
    async convertToPersonal(userId: number): Promise<CorporateConversion> {
      await db.transaction(async (tx) => {
        if (!(await corporateRepository.lock(tx, userId))) throw notCorporate();
        await requests.withdrawCompany(tx, userId);
        await corporateRepository.remove(tx, userId);
      });
      announce(userId, null);
      return { redirect: null, corporateAccount: null };
    },

    /** `POST /rest/v1/users/postpone-company-verification`: "remind me later", for POSTPONE_DAYS. */
    async postpone(userId: number): Promise<CorporateAccount> {
      const at = now();
      await db.transaction(async (tx) => {
        if (!(await corporateRepository.lock(tx, userId))) throw notCorporate();
        const [row] = await corporateRepository.withApplication(tx, [userId]);
        if (row && corporateStatusOf(row.request) === 'application_approved') {
          throw new AppError(
            409,
            'ALREADY_VERIFIED',
            'The company is verified: there is nothing to put off.',
          );
        }
        await corporateRepository.postpone(tx, userId, new Date(at.getTime() + POSTPONE_DAYS * DAY_MS), at);
      });
      return (await account(userId))!;
    },
  };
}

export type CorporateService = ReturnType<typeof createCorporateService>;
