import type { Readable } from 'node:stream';
import {
  kycRequirements,
  verificationTypes,
  type AdminVerificationDetail,
  type AdminVerificationPage,
  type AdminVerificationsQuery,
  type MyVerifications,
  type StartAddressVerificationBody,
  type StartIdVerificationBody,
  type VerificationAttempts,
  type VerificationCountries,
  type VerificationDocumentCountries,
  type VerificationDocumentSide,
  type VerificationRequest,
  type VerificationType,
  type VideoVerificationBody,
} from '@app/contract';
import type { StaffActor } from '../../platform/auth/staff-guard.js';
import type { Config } from '../../platform/config.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import { newFileKey, type FileStore } from '../../platform/files/storage.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import type { Outbox } from '../../platform/mail/outbox.js';
import { AttachmentRefused, inspectAttachment, type InspectLimits } from '../attachments/index.js';
import { recordAudit } from '../audit/index.js';
import { localizedName, type CatalogueService } from '../catalogue/index.js';
import { approvalOutcomeOf, kycFactsRepository, type KycStandings } from '../kyc/index.js';
import { usersRepository } from '../users/repository.js';
import { acceptsPdf, idDocumentTypesOf, provenBy, sidesOf } from './documents.js';
import { kycRequestsRepository, type DocumentRow, type RequestWithDocuments } from './repository.js';

const DAY_MS = 86_400_000;

/** How each type is named in the mails, per language. */
const WHAT: Record<VerificationType, { en: string; es: string }> = {
  id: { en: 'identity', es: 'identidad' },
  address: { en: 'address', es: 'domicilio' },
  video: { en: 'video call', es: 'videollamada' },
  company: { en: 'company', es: 'empresa' },
};
const DOCUMENT: Record<VerificationDocumentSide, { en: string; es: string }> = {
  front: { en: 'photo of the front of your document', es: 'foto del frente de tu documento' },
  back: { en: 'photo of the back of your document', es: 'foto del reverso de tu documento' },
  selfie: { en: 'selfie holding your document', es: 'selfi con tu documento' },
  address: { en: 'proof of address', es: 'prueba de domicilio' },
  company: { en: 'company document', es: 'documento de la empresa' },
};
const DOCUMENTS = {
  en: 'documents, on the verification service’s page',
  es: 'documentos, en la página del servicio de verificación',
};

/** What the trader sees of what they entered: numbers that identify them masked but for the end. */
const MASKED = new Set(['document_number', 'nga_nin', 'nga_bvn']);
const masked = (value: string) => (value.length <= 4 ? '••••' : `•••• ${value.slice(-4)}`);

export type KycRequestsOptions = {
  db: Db;
  /** The private documents store (not the public files area). */
  store: FileStore;
  outbox: Outbox;
  events: EventBus;
  standings: KycStandings;
  catalogue: CatalogueService;
  config: Pick<Config, 'kyc'>;
  inspectLimits: InspectLimits;
  /** Where the web's verification page is, for the mails' links. */
  verificationPageUrl: string;
  now?: () => Date;
};

/**
 * Identity verification requests (decision 0038): the trader starts one (ID, address, video), uploads
 * its documents (checked by content, kept in the private store), and staff review it: approve (the
 * requirements it proves go to `user_kyc`, raising the level), deny with a reason, or ask for a new
 * document. Every staff look at a request or a document is audited.
 */
export function createKycRequestsService(options: KycRequestsOptions) {
  const { db, store, outbox, events, standings, catalogue, config } = options;
  const now = options.now ?? (() => new Date());
  const { maxAttempts, attemptWindowDays, requestTtlDays, documentRetentionDays } = config.kyc;

  const ownerUrl = (request: { id: number }, document: DocumentRow) =>
    document.storageKey ? `/rest/v1/verification/requests/${request.id}/documents/${document.id}` : null;
  const staffUrl = (request: { id: number }, document: DocumentRow) =>
    document.storageKey ? `/rest/v1/admin/verifications/${request.id}/documents/${document.id}` : null;

  function present(
    row: RequestWithDocuments,
    urlOf: (request: { id: number }, document: DocumentRow) => string | null,
    mask: boolean,
  ): VerificationRequest {
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      inReview: row.status === 'pending' && row.submittedAt !== null,
      createdAt: row.createdAt.toISOString(),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt.toISOString(),
      reason: row.reason,
      details: Object.fromEntries(
        Object.entries(row.details).map(([key, value]) => [
          key,
          mask && MASKED.has(key) && value ? masked(value) : value,
        ]),
      ),
      documents: row.documents.map((document) => ({
        id: document.id,
        side: document.side,
        status: document.status,
        reason: document.reason,
        uploadedAt: document.uploadedAt?.toISOString() ?? null,
        url: urlOf(row, document),
        mime: document.storageKey ? document.mime : null,
      })),
    };
  }
  const presentMine = (row: RequestWithDocuments) => present(row, ownerUrl, true);

  async function attempts(userId: number, type: VerificationType): Promise<VerificationAttempts> {
    const since = new Date(now().getTime() - attemptWindowDays * DAY_MS);
    const started = await kycRequestsRepository.startedSince(db, userId, type, since);
    return {
      type,
      attemptsLeft: Math.max(0, maxAttempts - started.count),
      maxAttempts,
      windowDays: attemptWindowDays,
      nextAttemptAt:
        started.oldest && started.count >= maxAttempts
          ? new Date(started.oldest.getTime() + attemptWindowDays * DAY_MS).toISOString()
          : null,
    };
  }

  /** A country verification is offered in, by ISO alpha-3 (422 on `field` otherwise). */
  async function supportedCountry(iso3: string, field: string) {
    const data = await catalogue.data();
    const country = data.countries.find((c) => c.iso3 === iso3 && c.isKycSupported);
    if (!country) {
      throw fieldError(field, 'Verification is not offered for this country', 'country_not_supported');
    }
    return country;
  }

  /**
   * Starts a request of a type, or updates the pending one the trader has not submitted yet (that is not
   * a new attempt). A request in review cannot change; a new attempt needs one left. `within` writes what
   * goes with the request in its transaction (a corporate account's application); `provider`, who will
   * decide it when not staff (an external service and its reference for the request).
   */
  async function start(
    userId: number,
    type: VerificationType,
    what: {
      details: Record<string, string>;
      sides: VerificationDocumentSide[];
      submitted: boolean;
      within?: (tx: Tx) => Promise<void>;
      provider?: { provider: string; providerReference: string };
    },
  ): Promise<VerificationRequest> {
    const { details, sides, submitted, within } = what;
    const decider = what.provider ?? { provider: 'manual', providerReference: null };
    const at = now();
    const left = await attempts(userId, type);
    const dropped: string[] = [];
    const write = () =>
      db.transaction(async (tx) => {
        // What goes with the request first: a corporate account's row, which the conversions lock first.
        await within?.(tx);
        const pending = await kycRequestsRepository.lockPending(tx, userId, type);
        if (pending?.submittedAt) {
          throw new AppError(
            409,
            'VERIFICATION_IN_REVIEW',
            'This verification is being reviewed: wait for its answer.',
          );
        }
        const values = {
          details,
          expiresAt: new Date(at.getTime() + requestTtlDays * DAY_MS),
          submittedAt: submitted ? at : null,
          ...decider,
        };
        if (pending) {
          await kycRequestsRepository.update(tx, pending.id, values);
          dropped.push(...(await kycRequestsRepository.expectSides(tx, pending.id, sides)));
          return pending.id;
        }
        if (left.attemptsLeft === 0) {
          throw new AppError(
            429,
            'VERIFICATION_ATTEMPTS_EXCEEDED',
            `You have used your ${maxAttempts} attempts of the last ${attemptWindowDays} days.`,
            undefined,
            left.nextAttemptAt
              ? {
                  'retry-after': String(
                    Math.max(1, Math.ceil((Date.parse(left.nextAttemptAt) - at.getTime()) / 1000)),
                  ),
                }
              : undefined,
          );
        }
        const created = await kycRequestsRepository.insert(tx, { userId, type, ...values }, sides);
        return created.id;
      });
    // Two starts at once both find no pending request; the second insert breaks the one-pending index.
    // Once more, it finds the first's request and updates it: the same answer, no second attempt.
    const id = await write().catch((error: unknown) => {
      if (uniqueViolationOf(error)?.constraint !== 'verification_requests_one_pending_key') throw error;
      return write();
    });
    await Promise.all(dropped.map((key) => store.remove(key)));
    return presentMine((await kycRequestsRepository.findById(db, id))!);
  }

  /** The trader's own request, or 404 (another's included). */
  async function own(userId: number, requestId: number) {
    const found = await kycRequestsRepository.findById(db, requestId);
    if (!found || found.userId !== userId) throw notFound('Verification not found');
    return found;
  }

  /** After a decision: the trader's pages refresh (their requests, their level). */
  const announce = (userId: number, row: { id: number; type: VerificationType; status: string }) =>
    events.publish({
      type: 'verification.updated',
      userIds: [userId],
      data: { requestId: row.id, type: row.type, status: row.status },
    });

  async function mailTo(
    tx: Tx,
    userId: number,
    template: 'verification_approved' | 'verification_denied' | 'verification_document_requested',
    data: (locale: 'en' | 'es') => Record<string, string>,
  ) {
    const user = await usersRepository.findById(tx, userId);
    if (!user) return;
    const locale = user.locale === 'es' ? 'es' : 'en';
    await outbox.queueMail(tx, {
      to: user.email,
      userId,
      template,
      locale,
      data: { url: options.verificationPageUrl, ...data(locale) },
    });
  }

  /** A request staff act on: submitted and pending, and not the reviewer's own. */
  async function reviewable(tx: Tx, staff: StaffActor, requestId: number) {
    const row = await kycRequestsRepository.lock(tx, requestId);
    if (!row) throw notFound('Verification not found');
    if (row.userId === staff.id) {
      throw new AppError(403, 'FORBIDDEN_ROLE', 'You cannot review your own verification.');
    }
    if (row.status !== 'pending' || !row.submittedAt) {
      throw new AppError(
        409,
        'VERIFICATION_NOT_IN_REVIEW',
        row.status === 'pending'
          ? 'The trader has not sent every document yet.'
          : `This verification is ${row.status}.`,
      );
    }
    return row;
  }

  const audit = (
    tx: Tx,
    by: { id: number | null; role: string; ip: string | null },
    action: string,
    requestId: number,
    reason = '',
  ) =>
    recordAudit(tx, {
      actorId: by.id,
      actorRole: by.role,
      action,
      targetType: 'verification',
      targetId: String(requestId),
      reason,
      ip: by.ip,
    });

  /** The holder's name as an ID request's details give it (the spec's `*_name_original` fields). */
  const idNameOf = (details: Record<string, string>) => ({
    firstName: (details.first_name_original ?? '').trim(),
    middleName: (details.middle_name_original ?? '').trim() || null,
    lastName: (details.last_name_original ?? '').trim(),
  });

  /** Who decides a request: a staff member, or an external provider (no user; its name as the role). */
  type Decider = { id: number | null; role: string; ip: string | null };

  async function approveIn(tx: Tx, request: RequestWithDocuments, by: Decider) {
    const at = now();
    await kycRequestsRepository.update(tx, request.id, {
      status: 'approved',
      decidedAt: at,
      decidedBy: by.id,
      reason: null,
    });
    await kycRequestsRepository.setDocumentsOf(tx, request.id, 'approved');
    await kycFactsRepository.prove(tx, request.userId, provenBy[request.type], at);
    // The name the ID proves is the one users may show others (decision 0050).
    if (request.type === 'id') {
      await kycFactsRepository.setIdName(tx, request.userId, idNameOf(request.details), at);
    }
    if (request.type === 'video') await kycFactsRepository.setVideoStatus(tx, request.userId, 'approved', at);
    await audit(tx, by, 'verification.approve', request.id);
    const level = (await standings.standing(request.userId, tx)).level.id;
    await mailTo(tx, request.userId, 'verification_approved', (locale) => ({
      what: WHAT[request.type][locale],
      level,
    }));
    return { ...request, status: 'approved' as const };
  }

  async function denyIn(tx: Tx, request: RequestWithDocuments, by: Decider, reason: string) {
    const at = now();
    await kycRequestsRepository.update(tx, request.id, {
      status: 'denied',
      decidedAt: at,
      decidedBy: by.id,
      reason,
    });
    if (request.type === 'video') await kycFactsRepository.setVideoStatus(tx, request.userId, 'rejected', at);
    await audit(tx, by, 'verification.deny', request.id, reason);
    await mailTo(tx, request.userId, 'verification_denied', (locale) => ({
      what: WHAT[request.type][locale],
      reason,
    }));
    return { ...request, status: 'denied' as const };
  }

  /** Back to the trader for a new document (`side`; null: whatever the provider asks on its pages). */
  async function backToTrader(
    tx: Tx,
    request: RequestWithDocuments,
    by: Decider,
    reason: string,
    side: VerificationDocumentSide | null,
  ) {
    await kycRequestsRepository.update(tx, request.id, {
      submittedAt: null,
      // A provider's reason has no document to sit on: the request carries it.
      ...(side === null ? { reason } : {}),
      expiresAt: new Date(now().getTime() + requestTtlDays * DAY_MS),
    });
    await audit(tx, by, 'verification.document_reject', request.id, `${side ?? 'provider'}: ${reason}`);
    await mailTo(tx, request.userId, 'verification_document_requested', (locale) => ({
      what: WHAT[request.type][locale],
      document: side ? DOCUMENT[side][locale] : DOCUMENTS[locale],
      reason,
    }));
    return request;
  }

  /** After a decision's commit: the trader hears of it; the answer is the request as they see it. */
  async function decided(row: RequestWithDocuments) {
    announce(row.userId, row);
    return presentMine((await kycRequestsRepository.findById(db, row.id))!);
  }

  /** Deletes the files whose erasure time has come, a batch at a time; answers how many. */
  async function eraseDue(): Promise<number> {
    let erased = 0;
    for (;;) {
      const due = await kycRequestsRepository.dueForErasure(db, now(), 100);
      for (const document of due) {
        if (document.storageKey) await store.remove(document.storageKey);
        await kycRequestsRepository.forgetFile(db, document.id);
      }
      erased += due.length;
      if (due.length < 100) return erased;
    }
  }

  return {
    eraseDue,

    /** `POST /account/verification/start/id`: the document's data; then its sides and a selfie. */
    async startId(userId: number, body: StartIdVerificationBody & { issue_country_iso3: string }) {
      const country = await supportedCountry(body.issue_country_iso3, 'issue_country_iso3');
      if (!idDocumentTypesOf(country.iso3).includes(body.document_type)) {
        throw fieldError(
          'document_type',
          'This document is not accepted from this country',
          'document_not_accepted',
        );
      }
      return start(userId, 'id', {
        details: {
          issue_country_iso3: country.iso3,
          document_type: body.document_type,
          first_name_original: body.first_name_original,
          middle_name_original: body.middle_name_original ?? '',
          last_name_original: body.last_name_original,
          document_number: body.document_number,
        },
        sides: sidesOf('id', body.document_type),
        submitted: false,
      });
    },

    /** `POST /account/verification/start/document`: the address; then its proof. */
    async startAddress(userId: number, body: Required<StartAddressVerificationBody>) {
      const country = await supportedCountry(body.country_iso3, 'country_iso3');
      const details: Record<string, string> = {
        country_iso3: country.iso3,
        document_type: body.document_type,
        region_name: body.region_name,
        city_name: body.city_name,
        address_line_1: body.address_line_1,
        address_line_2: body.address_line_2,
        zip_code: body.zip_code,
      };
      if (country.iso3 === 'NGA') Object.assign(details, { nga_nin: body.nga_nin, nga_bvn: body.nga_bvn });
      return start(userId, 'address', { details, sides: sidesOf('address'), submitted: false });
    },

    /**
     * `POST /account/verification/video/upload`: the link to the recorded call, straight into review.
     * Offered once the ID is verified, or when staff allowed or require it.
     */
    async startVideo(userId: number, body: VideoVerificationBody) {
      const standing = await standings.standing(userId);
      const invited = standing.videoStatus === 'allowed' || standing.videoStatus === 'forced';
      if (!standings.idVerified(standing) && !invited) {
        throw new AppError(
          409,
          'VIDEO_NOT_AVAILABLE',
          'Verify your ID first: the video call comes after it.',
        );
      }
      if (standing.videoStatus === 'approved') {
        throw new AppError(409, 'ALREADY_VERIFIED', 'Your video verification is already approved.');
      }
      const request = await start(userId, 'video', {
        details: { url: body.url },
        sides: [],
        submitted: true,
      });
      await db.transaction((tx) => kycFactsRepository.setVideoStatus(tx, userId, 'pending', now()));
      return request;
    },

    /**
     * A company's application (the corporate module's conversion): its names and number, then its
     * papers. `within` writes the corporate account in the same transaction.
     */
    async startCompany(userId: number, details: Record<string, string>, within: (tx: Tx) => Promise<void>) {
      return start(userId, 'company', { details, sides: sidesOf('company'), submitted: false, within });
    },

    /**
     * A company converted back to personal, inside the caller's transaction: its open application ends
     * (`expired`, staff can no longer decide it) and what it proved is taken back.
     */
    async withdrawCompany(tx: Tx, userId: number) {
      const at = now();
      const pending = await kycRequestsRepository.lockPending(tx, userId, 'company');
      if (pending) await kycRequestsRepository.update(tx, pending.id, { status: 'expired', decidedAt: at });
      await kycFactsRepository.revoke(tx, userId, provenBy.company, at);
      return pending ?? null;
    },

    /** `GET /rest/v1/verification/requests`: mine, newest first, and the attempts left per type. */
    async mine(userId: number): Promise<MyVerifications> {
      const rows = await kycRequestsRepository.listOfUser(db, userId, 50);
      return {
        requests: rows.map(presentMine),
        attempts: await Promise.all(verificationTypes.map((type) => attempts(userId, type))),
      };
    },

    attempts,

    async supportedCountries(locale: 'en' | 'es'): Promise<VerificationCountries> {
      const data = await catalogue.data();
      return {
        countries: data.countries
          .filter((c) => c.isKycSupported && c.iso3)
          .map((c) => ({ iso: c.iso, iso3: c.iso3, name: localizedName(c.names, locale) }))
          .sort((a, b) => a.name.localized.localeCompare(b.name.localized, locale)),
      };
    },

    async documentCountries(): Promise<VerificationDocumentCountries> {
      const data = await catalogue.data();
      return {
        countries: data.countries
          .filter((c) => c.isKycSupported && c.iso3)
          .map((c) => ({ iso3: c.iso3, documentTypes: idDocumentTypesOf(c.iso3) })),
      };
    },

    /**
     * A document of the trader's pending request, judged by its bytes: pictures for an ID's sides and the
     * selfie, a picture or a PDF for a proof of address. A file that is not what it claims marks the
     * document `corrupted` (422, the reason on `file`). When every document is in, the request goes to
     * review.
     */
    async upload(
      userId: number,
      requestId: number,
      side: string,
      data: Buffer,
    ): Promise<VerificationRequest> {
      const request = await own(userId, requestId);
      const document = request.documents.find((d) => d.side === side);
      if (!document) {
        throw fieldError('side', 'This verification does not ask for that document', 'unknown_side');
      }
      if (request.status !== 'pending' || request.submittedAt) {
        throw new AppError(409, 'VERIFICATION_NOT_OPEN', 'This verification takes no documents now.');
      }
      let inspected;
      try {
        inspected = await inspectAttachment(data, options.inspectLimits);
        if (inspected.kind === 'pdf' && !acceptsPdf(document.side)) {
          throw new AttachmentRefused(
            'attachment_type_unsupported',
            'Take a photo: a JPEG, PNG or WebP picture.',
          );
        }
      } catch (error) {
        if (!(error instanceof AttachmentRefused)) throw error;
        await kycRequestsRepository.setDocument(db, document.id, {
          status: 'corrupted',
          reason: error.message,
        });
        throw new AppError(422, 'DOCUMENT_REFUSED', error.message, [
          { field: 'file', message: error.message, code: error.reason },
        ]);
      }
      const key = newFileKey(`kyc/${userId}`);
      await store.put(key, inspected.data);
      let replaced: string | null = null;
      try {
        await db.transaction(async (tx) => {
          const locked = await kycRequestsRepository.lock(tx, requestId);
          const current = locked?.documents.find((d) => d.id === document.id);
          if (!locked || !current || locked.status !== 'pending' || locked.submittedAt) {
            throw new AppError(409, 'VERIFICATION_NOT_OPEN', 'This verification takes no documents now.');
          }
          replaced = current.storageKey;
          await kycRequestsRepository.setDocument(tx, document.id, {
            status: 'uploaded',
            storageKey: key,
            mime: inspected.mime,
            size: inspected.data.length,
            reason: null,
            uploadedAt: now(),
          });
          const complete = locked.documents.every(
            (d) => d.id === document.id || d.status === 'uploaded' || d.status === 'approved',
          );
          if (complete) await kycRequestsRepository.update(tx, requestId, { submittedAt: now() });
        });
      } catch (error) {
        await store.remove(key);
        throw error;
      }
      if (replaced) await store.remove(replaced);
      return presentMine((await kycRequestsRepository.findById(db, requestId))!);
    },

    /** A document's file for its owner (the upload page's preview). */
    async ownerFile(userId: number, requestId: number, documentId: number) {
      const request = await own(userId, requestId);
      return fileOf(request, documentId);
    },

    /**
     * `POST /rest/v1/verification/documents/erase`: the trader asks for their documents to be erased.
     * Each decided request's files go once the retention period after its decision has passed (at once
     * when it has); a pending request keeps its files until it ends.
     */
    async requestErasure(userId: number) {
      const scheduled = await db.transaction((tx) =>
        kycRequestsRepository.scheduleErasure(tx, userId, documentRetentionDays, now()),
      );
      const erased = await eraseDue();
      return {
        retentionDays: documentRetentionDays,
        requests: scheduled.map((r) => ({ id: r.id, eraseAfter: r.eraseAfter?.toISOString() ?? null })),
        erasedNow: erased,
      };
    },

    // --- staff -----------------------------------------------------------------------------------------

    async list(query: AdminVerificationsQuery): Promise<AdminVerificationPage> {
      const limit = 25;
      const rows = await kycRequestsRepository.page(db, {
        status: query.status,
        type: query.type,
        offset: (query.page - 1) * limit,
        limit: limit + 1,
      });
      return {
        requests: rows.slice(0, limit).map(({ request, username }) => ({
          id: request.id,
          type: request.type,
          status: request.status,
          username,
          submittedAt: request.submittedAt?.toISOString() ?? null,
          createdAt: request.createdAt.toISOString(),
          decidedAt: request.decidedAt?.toISOString() ?? null,
        })),
        page: query.page,
        nextPage: rows.length > limit ? query.page + 1 : null,
      };
    },

    /** One request for the reviewer, unmasked; the look is audited. */
    async detail(staff: StaffActor, requestId: number): Promise<AdminVerificationDetail> {
      const row = await kycRequestsRepository.findById(db, requestId);
      if (!row) throw notFound('Verification not found');
      const [user, decider, standing] = await Promise.all([
        usersRepository.findById(db, row.userId),
        row.decidedBy ? usersRepository.findById(db, row.decidedBy) : undefined,
        standings.standing(row.userId),
      ]);
      await db.transaction((tx) => audit(tx, staff, 'verification.view', row.id));
      return {
        ...present(row, staffUrl, false),
        user: {
          username: user?.username ?? '',
          level: standing.level.id,
          proven: kycRequirements.filter((requirement) => standing.met.has(requirement)),
          country: user?.countryIso ?? null,
          registeredAt: (user?.createdAt ?? row.createdAt).toISOString(),
        },
        approval: approvalOutcomeOf(standings.levels, standing.met, provenBy[row.type]),
        decidedBy: decider?.username ?? null,
      };
    },

    /** A document's file for the reviewer; each look is audited. */
    async staffFile(staff: StaffActor, requestId: number, documentId: number) {
      const row = await kycRequestsRepository.findById(db, requestId);
      if (!row) throw notFound('Verification not found');
      const file = await fileOf(row, documentId);
      await db.transaction((tx) =>
        audit(tx, staff, 'verification.document_view', row.id, `document ${documentId} (${file.side})`),
      );
      return file;
    },

    /** Approves a submitted request: what it proves is the trader's from now on. */
    async approve(staff: StaffActor, requestId: number) {
      return decided(
        await db.transaction(async (tx) => approveIn(tx, await reviewable(tx, staff, requestId), staff)),
      );
    },

    /** Denies a submitted request with the reason the trader reads. */
    async deny(staff: StaffActor, requestId: number, reason: string) {
      return decided(
        await db.transaction(async (tx) => denyIn(tx, await reviewable(tx, staff, requestId), staff, reason)),
      );
    },

    /** Asks for a new document: the request goes back to the trader until they upload it. */
    async rejectDocument(staff: StaffActor, requestId: number, documentId: number, reason: string) {
      return decided(
        await db.transaction(async (tx) => {
          const request = await reviewable(tx, staff, requestId);
          const document = request.documents.find((d) => d.id === documentId);
          if (!document) throw notFound('Document not found');
          await kycRequestsRepository.setDocument(tx, document.id, { status: 'rejected', reason });
          return backToTrader(tx, request, staff, reason, document.side);
        }),
      );
    },

    /**
     * An external identity service's part (kyc-provider module, decision 0041): the trader finished with
     * it (`submitted`), or it decided. Finds the request by the provider's reference; a decision on a
     * request no longer pending changes nothing (the provider repeats its callbacks). Answers whether the
     * request changed.
     */
    async providerUpdate(
      provider: string,
      reference: string,
      update: { kind: 'submitted' } | { kind: 'approved' } | { kind: 'denied' | 'retry'; reason: string },
    ): Promise<boolean> {
      const by: Decider = { id: null, role: `provider:${provider}`, ip: null };
      const row = await db.transaction(async (tx) => {
        const request = await kycRequestsRepository.findByProviderReference(tx, provider, reference, true);
        if (!request || request.status !== 'pending') return null;
        if (update.kind === 'submitted') {
          if (request.submittedAt) return null;
          await kycRequestsRepository.update(tx, request.id, { submittedAt: now() });
          return request;
        }
        if (update.kind === 'approved') return approveIn(tx, request, by);
        if (update.kind === 'denied') return denyIn(tx, request, by, update.reason);
        return backToTrader(tx, request, by, update.reason, null);
      });
      if (row) announce(row.userId, row);
      return row !== null;
    },

    /**
     * A request the provider will decide, started or renewed for the trader (`provider_reference` set):
     * no documents are uploaded here, the trader goes through the provider's own pages.
     */
    async startWithProvider(userId: number, type: VerificationType, provider: string, reference: string) {
      return start(userId, type, {
        details: {},
        sides: [],
        submitted: false,
        provider: { provider, providerReference: reference },
      });
    },

    /** The trader's own pending request of a provider, by its reference (404 for anyone else's). */
    async ownProviderRequest(userId: number, provider: string, reference: string) {
      const found = await kycRequestsRepository.findByProviderReference(db, provider, reference);
      if (!found || found.userId !== userId) throw notFound('Verification not found');
      return presentMine(found);
    },

    async setVideoInvitation(staff: StaffActor, username: string, status: 'allowed' | 'forced' | 'none') {
      const user = await usersRepository.findByUsername(db, username);
      if (!user) throw notFound('User not found');
      const at = now();
      await db.transaction(async (tx) => {
        const current = await kycFactsRepository.videoStatusOf(tx, user.id);
        if (current === 'approved' || current === 'pending') {
          throw new AppError(409, 'VIDEO_VERIFICATION_IN_PROGRESS', `The video verification is ${current}.`);
        }
        await kycFactsRepository.setVideoStatus(tx, user.id, status === 'none' ? null : status, at);
        await recordAudit(tx, {
          actorId: staff.id,
          actorRole: staff.role,
          action: 'verification.video_invitation',
          targetType: 'user',
          targetId: String(user.id),
          reason: status,
          ip: staff.ip,
        });
      });
      events.publish({
        type: 'verification.updated',
        userIds: [user.id],
        data: { requestId: null, type: 'video', status },
      });
      return { username: user.username, videoStatus: status === 'none' ? null : status };
    },

    /** Housekeeping: pending requests past their time expire; files due for erasure go. */
    async sweep() {
      const expired = await kycRequestsRepository.expireStale(db, now());
      for (const row of expired) announce(row.userId, { ...row, status: 'expired' });
      return { expired: expired.length, erased: await eraseDue() };
    },
  };

  async function fileOf(request: RequestWithDocuments, documentId: number) {
    const document = request.documents.find((d) => d.id === documentId);
    if (!document?.storageKey) throw notFound('Document not found');
    const file = await store.open(document.storageKey);
    if (!file) throw notFound('Document not found');
    return {
      side: document.side,
      mime: document.mime ?? 'application/octet-stream',
      size: file.size,
      stream: file.stream as Readable,
    };
  }
}

export type KycRequestsService = ReturnType<typeof createKycRequestsService>;
