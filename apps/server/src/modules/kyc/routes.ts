import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  kycCheckQuerySchema,
  kycLevelCheckSchema,
  kycLevelsInfoSchema,
  kycLimitationsParamsSchema,
  kycLimitationsQuerySchema,
  kycLimitationsSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { KycService } from './service.js';

/**
 * The levels and limits calls (spec section 7 "Verification": `limits/levels-info`,
 * `limits/{area}-level-limitations`, `users/kyc-check`), for the logged-in trader.
 */
export const kycRoutes: FastifyPluginAsyncZod<{
  kyc: KycService;
  /** The trader's own currency, the default of `kyc-check`. */
  currencyOf(userId: number): Promise<string>;
}> = async (app, { kyc, currencyOf }) => {
  const tags = ['verification'];

  app.get(
    '/rest/v1/limits/levels-info',
    {
      schema: {
        tags,
        summary: 'The verification levels, where I stand and what the next level needs',
        description:
          "Every verification level (L0 up to L4) with what it requires and allows (trade limits per trade, per day and in all, running trades at once, send-outs, blocked actions), the caller's current level and what the next one needs. The table is the operator's (KYC_LEVELS_FILE). Logged-in users.",
        response: { 200: dataEnvelope(kycLevelsInfoSchema) },
      },
    },
    async (request) => ({ data: await kyc.levelsInfo(requireUser(request).id) }),
  );

  app.get(
    '/rest/v1/limits/:area',
    {
      schema: {
        tags,
        summary: "My level's limits in an area (dashboard, trade, wallet, offers) and what I used of them",
        description:
          "`{area}` is `<area>-level-limitations`, e.g. `dashboard-level-limitations` (areas: dashboard, trade, wallet, offers). What the caller's verification level allows in that area and how much of each limit they have used (in USD); with `fiatCurrencyCode`, `tradeInFiat` gives the trade limits in that currency at the current rate (what the offer page shows). A logged-in user only; 422 for another segment or a currency without a rate.",
        params: kycLimitationsParamsSchema,
        querystring: kycLimitationsQuerySchema,
        response: { 200: dataEnvelope(kycLimitationsSchema) },
      },
    },
    async (request) => ({
      data: await kyc.limitations(
        requireUser(request).id,
        request.params.area,
        request.query.fiatCurrencyCode ?? null,
      ),
    }),
  );

  app.get(
    '/rest/v1/users/kyc-check',
    {
      schema: {
        tags,
        summary: 'My level and the trading volume it leaves me, in a currency (mine by default)',
        description:
          "The caller's verification level and the trading volume it still leaves them, converted to `fiatCurrencyCode` (their own currency by default). A trade start beyond it is refused. Logged-in users; 422 on an unknown currency.",
        querystring: kycCheckQuerySchema,
        response: { 200: dataEnvelope(kycLevelCheckSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const currency = request.query.fiatCurrencyCode ?? (await currencyOf(user.id));
      return { data: await kyc.check(user.id, currency) };
    },
  );
};
