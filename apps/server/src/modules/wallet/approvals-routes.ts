import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalParamsSchema,
  adminWithdrawalQueueQuerySchema,
  adminWithdrawalQueueSchema,
  adminWithdrawalSchema,
  dataEnvelope,
  rejectWithdrawalBodySchema,
} from '@app/contract';
import { staffActorOf } from '../../platform/auth/staff-guard.js';
import type { WithdrawalApprovals } from './approvals.js';

/**
 * The console's four-eyes queue of large withdrawals (issue 27; decision 0058). The staff gate answers
 * 404 to non-staff and 403 `FORBIDDEN_ROLE` to a role without `withdrawals.approve` before anything runs.
 */
export const withdrawalApprovalRoutes: FastifyPluginAsyncZod<{ approvals: WithdrawalApprovals }> = async (
  app,
  { approvals },
) => {
  const config = { permission: 'withdrawals.approve' as const };

  app.get(
    '/rest/v1/admin/withdrawals',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'The withdrawals waiting for two staff approvals, oldest first',
        description:
          'External withdrawals worth more than WITHDRAW_APPROVAL_USD when requested, oldest first (up to `limit`; `total` counts them all): the user, coin, amount and fee, USD value at request, address, age, the approvals so far (who and when), whether the caller approved already (`approvedByMe`) and whether it is the caller’s own (`mine`: they may not act on it). Supermods and admins.',
        querystring: adminWithdrawalQueueQuerySchema,
        response: { 200: dataEnvelope(adminWithdrawalQueueSchema) },
      },
    },
    async (request) => ({ data: await approvals.queue(staffActorOf(request), request.query.limit) }),
  );

  app.post(
    '/rest/v1/admin/withdrawals/:id/approve',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Approve a waiting withdrawal; the second approval (another staff member) sends it; audited',
        description:
          "`{id}` is the withdrawal's id. Records the caller's approval; the second, by another staff member, moves it to `pending`, where the chain takes it. 409 `WITHDRAWAL_OWN` on one's own withdrawal, `WITHDRAWAL_ALREADY_APPROVED` when the caller approved it already, `WITHDRAWAL_NOT_AWAITING_APPROVAL` when it was approved, rejected or sent meanwhile; 404 for an unknown id. Supermods and admins.",
        params: adminWithdrawalParamsSchema,
        response: { 200: dataEnvelope(adminWithdrawalSchema) },
      },
    },
    async (request) => ({ data: await approvals.approve(staffActorOf(request), request.params.id) }),
  );

  app.post(
    '/rest/v1/admin/withdrawals/:id/reject',
    {
      config,
      schema: {
        tags: ['admin'],
        summary:
          'Reject a waiting withdrawal with the reason the user reads; amount and fee returned; audited',
        description:
          "`{id}` is the withdrawal's id. Refuses it with `reason` (shown to the user, kept in the audit log): the amount and network fee go back to the user's available balance. The same 404 and 409 answers as approve (a staff member who approved may still reject). Supermods and admins.",
        params: adminWithdrawalParamsSchema,
        body: rejectWithdrawalBodySchema,
        response: { 200: dataEnvelope(adminWithdrawalSchema) },
      },
    },
    async (request) => ({
      data: await approvals.reject(staffActorOf(request), request.params.id, request.body.reason),
    }),
  );
};
