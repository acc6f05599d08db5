import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SumsubCallback } from '@app/contract';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/http/errors.js';

export type SumsubSettings = NonNullable<Config['kyc']['provider']>;

/** How long the service's page stays valid for the trader. */
export const LINK_TTL_SECONDS = 1_800;
/** A call to the service that takes longer is given up (the trader may try again). */
const CALL_TIMEOUT_MS = 10_000;

const hmacHex = (algorithm: string, key: string, data: string | Buffer) =>
  createHmac(algorithm, key).update(data).digest('hex');

/**
 * Sumsub's request signature: HMAC-SHA256 of the time in seconds, the method, the path with its query
 * and the body, keyed with the app's secret key (X-App-Access-Sig), beside the app token and the time.
 */
export function signedHeaders(
  settings: SumsubSettings,
  method: string,
  pathWithQuery: string,
  body: string,
  at: Date,
) {
  const ts = String(Math.floor(at.getTime() / 1000));
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-app-token': settings.appToken,
    'x-app-access-ts': ts,
    'x-app-access-sig': hmacHex(
      'sha256',
      settings.secretKey,
      ts + method.toUpperCase() + pathWithQuery + body,
    ),
  };
}

/** The callback's digest algorithms Sumsub may use, by the name its header gives. */
const DIGEST_ALGORITHMS: Record<string, string> = {
  HMAC_SHA1_HEX: 'sha1',
  HMAC_SHA256_HEX: 'sha256',
  HMAC_SHA512_HEX: 'sha512',
};

/**
 * Whether a callback's body was signed with the webhook secret: the HMAC of the raw bytes, compared in
 * constant time. An unknown algorithm or a malformed digest is not signed.
 */
export function isSignedCallback(
  secret: string,
  rawBody: Buffer,
  digest: string | undefined,
  algorithmName: string | undefined,
): boolean {
  const algorithm = DIGEST_ALGORITHMS[algorithmName ?? 'HMAC_SHA256_HEX'];
  if (!algorithm || !digest || !/^[0-9a-f]+$/i.test(digest)) return false;
  const expected = Buffer.from(hmacHex(algorithm, secret, rawBody), 'hex');
  const sent = Buffer.from(digest, 'hex');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** What a callback means for the request it names, or null when it means nothing to us. */
export type ProviderOutcome =
  { kind: 'submitted' } | { kind: 'approved' } | { kind: 'denied' | 'retry'; reason: string };

export function outcomeOf(callback: SumsubCallback): ProviderOutcome | null {
  if (callback.type === 'applicantPending') return { kind: 'submitted' };
  if (callback.type !== 'applicantReviewed' || !callback.reviewResult) return null;
  const result = callback.reviewResult;
  if (result.reviewAnswer === 'GREEN') return { kind: 'approved' };
  // The comment is meant for the applicant; labels name the reason when there is no comment.
  const reason =
    result.moderationComment?.trim() ||
    (result.rejectLabels?.length
      ? result.rejectLabels.join(', ')
      : 'The verification service did not accept it.');
  return { kind: result.reviewRejectType === 'RETRY' ? 'retry' : 'denied', reason: reason.slice(0, 1_000) };
}

/** Sumsub's API, as far as the marketplace uses it: a link to its verification page for a reference. */
export function createSumsubClient(settings: SumsubSettings, now: () => Date = () => new Date()) {
  return {
    /**
     * `POST /resources/sdkIntegrations/levels/-/websdkLink`: the page where the trader (Sumsub's
     * `userId`: our reference) takes their ID and selfie; afterwards Sumsub sends them to `returnUrl`.
     */
    async verificationLink(reference: string, locale: string, returnUrl: string): Promise<string> {
      const path = `/resources/sdkIntegrations/levels/-/websdkLink?lang=${encodeURIComponent(locale)}`;
      const body = JSON.stringify({
        levelName: settings.levelName,
        userId: reference,
        ttlInSecs: LINK_TTL_SECONDS,
        redirect: { successUrl: returnUrl, rejectUrl: returnUrl },
      });
      let response: Response;
      try {
        response = await fetch(settings.baseUrl + path, {
          method: 'POST',
          headers: signedHeaders(settings, 'POST', path, body, now()),
          body,
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
      } catch {
        throw unavailable();
      }
      const answer = (await response.json().catch(() => null)) as { url?: unknown } | null;
      if (!response.ok || typeof answer?.url !== 'string' || !/^https?:\/\//.test(answer.url)) {
        throw unavailable();
      }
      return answer.url;
    },
  };
}

const unavailable = () =>
  new AppError(
    502,
    'PROVIDER_UNAVAILABLE',
    'The identity verification service did not answer. Please try again in a few minutes.',
  );

export type SumsubClient = ReturnType<typeof createSumsubClient>;
