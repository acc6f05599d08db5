import type {
  KycLevelsInfo,
  KycLimitations,
  KycRequirement,
  MyVerifications,
  VerificationDocument,
  VerificationRequest,
} from '@app/contract';
import { verificationTypes } from '@app/contract';
import { jsonResponse, type FakeHandler } from '@/testing/fake-fetch';

type Level = KycLevelsInfo['levels'][number];
type Limit = number | null;

const level = (
  id: Level['id'],
  accountLevel: number,
  requires: KycRequirement[],
  [perTradeUsd, dailyTradeUsd, lifetimeTradeUsd, maxActiveTrades, withdrawalUsd]: [
    Limit,
    Limit,
    Limit,
    Limit,
    Limit,
  ],
): Level => ({
  id,
  accountLevel,
  requires,
  limits: { perTradeUsd, dailyTradeUsd, lifetimeTradeUsd, maxActiveTrades, withdrawalUsd, withdrawalDays: 1 },
  blockedActions: [],
});

/** The server's built-in table (apps/server/src/modules/kyc/levels.ts), as `levels-info` sends it. */
export const LEVELS: Level[] = [
  level('L0', 0, [], [5_000, 20_000, 50_000, 2, 20_000]),
  level('L1', 1, ['email'], [5_000, 20_000, 50_000, 2, 20_000]),
  level('L1+', 1.5, ['email', 'phone'], [10_000, 25_000, 100_000, 3, 50_000]),
  level('L2', 2, ['email', 'phone', 'id_document', 'selfie'], [25_000, 100_000, 250_000, null, 100_000]),
  level(
    'L2+POA',
    2,
    ['email', 'phone', 'id_document', 'selfie', 'address'],
    [50_000, 250_000, null, null, 250_000],
  ),
  level(
    'L3',
    3,
    ['email', 'phone', 'id_document', 'selfie', 'address', 'video'],
    [100_000, null, null, null, 1_000_000],
  ),
  level(
    'L4',
    3,
    ['email', 'phone', 'id_document', 'selfie', 'address', 'video', 'company'],
    [null, null, null, null, null],
  ),
];

const REQUIREMENTS: KycRequirement[] = [
  'email',
  'phone',
  'id_document',
  'selfie',
  'address',
  'video',
  'company',
];

/** `levels-info` for a trader at `current` who proved `met`. */
export function buildLevelsInfo(
  current: KycLevelsInfo['current'] = 'L1',
  met: readonly KycRequirement[] = ['email'],
): KycLevelsInfo {
  const index = LEVELS.findIndex((level) => level.id === current);
  return {
    levels: LEVELS,
    current,
    next: LEVELS[index + 1]?.id ?? null,
    requirements: REQUIREMENTS.map((requirement) => ({ requirement, met: met.includes(requirement) })),
  };
}

/** `dashboard-level-limitations` of an L1 trader who used some of it. */
export function buildLimitations(overrides: Partial<KycLimitations> = {}): KycLimitations {
  return {
    area: 'dashboard',
    level: 'L1',
    accountLevel: 1,
    trade: {
      perTradeUsd: '5000',
      daily: { limitUsd: '20000', usedUsd: '5000', leftUsd: '15000' },
      lifetime: { limitUsd: '50000', usedUsd: '45000', leftUsd: '5000' },
      maxActiveTrades: 2,
      activeTrades: 1,
    },
    wallet: { withdrawal: { limitUsd: '20000', usedUsd: '0', leftUsd: '20000' }, days: 1 },
    blockedActions: [],
    tradeInFiat: null,
    ...overrides,
  };
}

let documentSequence = 100;

export function buildDocument(overrides: Partial<VerificationDocument> = {}): VerificationDocument {
  documentSequence += 1;
  return {
    id: documentSequence,
    side: 'front',
    status: 'pending',
    reason: null,
    uploadedAt: null,
    url: null,
    mime: null,
    ...overrides,
  };
}

/** A request as its owner sees it; an ID passport request waiting for its documents by default. */
export function buildRequest(overrides: Partial<VerificationRequest> = {}): VerificationRequest {
  return {
    id: 7,
    type: 'id',
    status: 'pending',
    inReview: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    submittedAt: null,
    decidedAt: null,
    expiresAt: '2026-03-15T10:00:00.000Z',
    reason: null,
    details: {
      issue_country_iso3: 'ESP',
      document_type: 'passport',
      first_name_original: 'Ana',
      middle_name_original: '',
      last_name_original: 'García',
      document_number: '•••• 5678',
    },
    documents: [buildDocument({ side: 'front' }), buildDocument({ side: 'selfie' })],
    ...overrides,
  };
}

export const attemptsAnswer = (left = 5): MyVerifications['attempts'] =>
  (['id', 'address', 'video', 'company'] as const).map((type) => ({
    type,
    attemptsLeft: left,
    maxAttempts: 5,
    windowDays: 30,
    nextAttemptAt: null,
  }));

export const COUNTRIES = [
  { iso: 'ES', iso3: 'ESP', name: { original: 'España', localized: 'Spain' } },
  { iso: 'NG', iso3: 'NGA', name: { original: 'Nigeria', localized: 'Nigeria' } },
  { iso: 'US', iso3: 'USA', name: { original: 'United States', localized: 'United States' } },
];

/** The page's reads, each overridable: levels, limits, my requests, the countries and their documents. */
export function verificationRoutes(
  options: {
    levels?: () => KycLevelsInfo;
    limitations?: () => KycLimitations;
    requests?: () => VerificationRequest[];
    attempts?: () => MyVerifications['attempts'];
    /** Who checks IDs (`GET /rest/v3/kyc/verifications/provider`): staff by default. */
    provider?: 'manual' | 'sumsub';
  } = {},
): Record<string, FakeHandler> {
  return {
    'GET /rest/v1/limits/levels-info': () =>
      jsonResponse(200, { data: (options.levels ?? buildLevelsInfo)() }),
    'GET /rest/v1/limits/dashboard-level-limitations': () =>
      jsonResponse(200, { data: (options.limitations ?? buildLimitations)() }),
    'GET /rest/v1/verification/requests': () =>
      jsonResponse(200, {
        data: { requests: options.requests?.() ?? [], attempts: (options.attempts ?? attemptsAnswer)() },
      }),
    // One type's attempts (`/left-attempt/{type}`), from the same list as the requests' answer.
    ...Object.fromEntries(
      verificationTypes.map((type) => [
        `GET /rest/v1/verification/left-attempt/${type}`,
        () =>
          jsonResponse(200, {
            data: (options.attempts ?? attemptsAnswer)().find((attempts) => attempts.type === type),
          }),
      ]),
    ),
    // The date of birth section (decision 0054): not confirmed yet.
    'GET /rest/v1/users/birth-date': () =>
      jsonResponse(200, { data: { birthDate: null, confirmedAt: null } }),
    'GET /rest/v3/kyc/verifications/provider': () =>
      jsonResponse(200, { data: { provider: options.provider ?? 'manual' } }),
    'GET /rest/v1/verification/supported-countries': () =>
      jsonResponse(200, { data: { countries: COUNTRIES } }),
    'GET /rest/v1/verification/document-country': () =>
      jsonResponse(200, {
        data: {
          countries: [
            { iso3: 'ESP', documentTypes: ['passport', 'id_card', 'driving_licence', 'residence_permit'] },
            { iso3: 'NGA', documentTypes: ['passport', 'id_card', 'driving_licence', 'residence_permit'] },
            { iso3: 'USA', documentTypes: ['passport', 'driving_licence', 'residence_permit'] },
          ],
        },
      }),
  };
}
