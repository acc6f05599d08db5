import { randomInt } from 'node:crypto';
import type {
  KycProvider,
  ProviderVerificationStart,
  SumsubCallback,
  VerificationRequest,
} from '@app/contract';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/http/errors.js';
import type { KycRequestsService } from '../kyc-requests/index.js';
import { createSumsubClient, outcomeOf, type SumsubClient } from './sumsub.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A request's reference at the service (62^24): random, so nobody can name another's request. */
const newReference = () => Array.from({ length: 24 }, () => BASE62[randomInt(62)]).join('');

export type KycProviderOptions = {
  requests: Pick<KycRequestsService, 'startWithProvider' | 'providerUpdate' | 'ownProviderRequest'>;
  config: Pick<Config, 'kyc'>;
  /** Where the service sends the trader back: the web's verification page. */
  verificationPageUrl: string;
  client?: SumsubClient;
};

/**
 * ID verification by an external identity service (decision 0041): the start opens a request the
 * service decides and answers the service's page; the trader says when they are done (mark-pending);
 * the service's signed callback decides. With `KYC_PROVIDER=manual` (the default) staff decide and
 * these calls answer 409 `PROVIDER_NOT_CONFIGURED`.
 */
export function createKycProvider(options: KycProviderOptions) {
  const settings = options.config.kyc.provider;
  const client = settings ? (options.client ?? createSumsubClient(settings)) : null;
  const { requests } = options;

  function configured() {
    if (!settings || !client) {
      throw new AppError(
        409,
        'PROVIDER_NOT_CONFIGURED',
        'Identity checks are reviewed by our staff here: use the ID verification form.',
      );
    }
    return { settings, client };
  }

  return {
    provider: (settings?.name ?? 'manual') as KycProvider,

    async start(userId: number, locale: string): Promise<ProviderVerificationStart> {
      const { settings: s, client: c } = configured();
      const reference = newReference();
      const request = await requests.startWithProvider(userId, 'id', s.name, reference);
      const returnUrl = `${options.verificationPageUrl}?provider=${s.name}&reference=${reference}`;
      const url = await c.verificationLink(reference, locale, returnUrl);
      return { verificationReference: reference, url, request };
    },

    /** The trader is back from the service's pages: their request waits for its decision. */
    async markPending(userId: number, reference: string): Promise<VerificationRequest> {
      const { settings: s } = configured();
      const own = await requests.ownProviderRequest(userId, s.name, reference);
      if (own.status !== 'pending') {
        throw new AppError(409, 'VERIFICATION_NOT_PENDING', `This verification is ${own.status}.`);
      }
      await requests.providerUpdate(s.name, reference, { kind: 'submitted' });
      return requests.ownProviderRequest(userId, s.name, reference);
    },

    /** A signed callback (checked by the route): answers whether it changed a request. */
    async callback(payload: SumsubCallback): Promise<boolean> {
      const { settings: s } = configured();
      const outcome = outcomeOf(payload);
      if (!outcome || !payload.externalUserId) return false;
      return requests.providerUpdate(s.name, payload.externalUserId, outcome);
    },

    webhookSecret: () => configured().settings.webhookSecret,
  };
}

export type KycProviderService = ReturnType<typeof createKycProvider>;
