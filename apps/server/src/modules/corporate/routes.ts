import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  convertToCorporateBodySchema,
  corporateAccountSchema,
  corporateConversionSchema,
  dataEnvelope,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { CorporateService } from './service.js';

/** The spec's corporate-account calls (section 7), for the logged-in trader's own account. */
export const corporateRoutes: FastifyPluginAsyncZod<{ corporate: CorporateService }> = async (
  app,
  { corporate },
) => {
  const tags = ['verification'];

  app.post(
    '/rest/v1/users/corporate-accounts/convert-to-corporate',
    {
      schema: {
        tags,
        summary: 'Convert my account into a company’s: its application, then its papers',
        description:
          'Opens (or corrects) the company verification; upload its `company` document at ' +
          '`/rest/v1/verification/requests/{verificationRequestId}/documents`. `redirect` is where the web ' +
          'goes after 4 s. 409 `ALREADY_CORPORATE` for a verified company, `VERIFICATION_IN_REVIEW` while ' +
          'staff look at it.',
        body: convertToCorporateBodySchema,
        response: { 200: dataEnvelope(corporateConversionSchema) },
      },
    },
    async (request) => ({
      data: await corporate.convertToCorporate(requireUser(request).id, request.body),
    }),
  );

  app.post(
    '/rest/v1/users/corporate-accounts/convert-to-personal',
    {
      schema: {
        tags,
        summary: 'Make my company account a personal one again',
        description:
          'Ends the company verification and takes back what it proved. 409 `NOT_CORPORATE_ACCOUNT` for ' +
          'a personal account.',
        response: { 200: dataEnvelope(corporateConversionSchema) },
      },
    },
    async (request) => ({ data: await corporate.convertToPersonal(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/users/postpone-company-verification',
    {
      schema: {
        tags,
        summary: 'Put my company verification off (its reminder hidden for 7 days)',
        description:
          'Hides the reminder to finish the company verification for 7 days and answers the company account. 409 `NOT_CORPORATE_ACCOUNT` for a personal account, `ALREADY_VERIFIED` when the company is verified. Logged-in users.',
        response: { 200: dataEnvelope(corporateAccountSchema) },
      },
    },
    async (request) => ({ data: await corporate.postpone(requireUser(request).id) }),
  );
};
