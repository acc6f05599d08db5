import type { FastifyRequest } from 'fastify';
import type { StepUpSent } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { Outbox } from '../../platform/mail/index.js';
import { assertMaySend, CODE_POLICIES, issueCode, nextSendAt } from '../../platform/auth/one-time-codes.js';
import { AppError, unauthenticated } from '../../platform/http/errors.js';
import { usersRepository, type UserRow } from '../users/repository.js';
import type { PendingLogins } from './pending-logins.js';

/** `+34600111222` -> `+34 ••• ••• 222`: the country and the last digits. */
export const maskPhone = (e164: string) => `${e164.slice(0, 3)} ••• ••• ${e164.slice(-3)}`;

/** `ana@example.com` -> `a***@example.com`: enough to recognise, not to harvest. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

/**
 * The spec's step-up channels (decision 0028): a one-time code sent to the logged-in user (or to a
 * login waiting for its second step) by e-mail, or by SMS or a call to the verified phone number; there
 * is no mobile app to push to. Codes: the `step_up` purpose of the one-time codes (decision 0026).
 */
export function createStepUp({
  db,
  outbox,
  pending,
  now = () => new Date(),
}: {
  db: Db;
  outbox: Outbox;
  pending: PendingLogins;
  now?: () => Date;
}) {
  async function userOf(request: FastifyRequest) {
    const userId = request.user?.id ?? (await pending.userOf(request));
    if (userId === null) throw unauthenticated();
    const user = await usersRepository.findById(db, userId);
    if (!user) throw unauthenticated();
    return user;
  }

  /** Issues a step-up code to `target` over `channel` and queues its message, under the user's lock. */
  async function send(user: UserRow, channel: 'email' | 'sms' | 'voice', target: string) {
    await db.transaction(async (tx) => {
      await usersRepository.lockById(tx, user.id);
      await assertMaySend(tx, user.id, 'step_up', target, now());
      const { code } = await issueCode(tx, {
        userId: user.id,
        purpose: 'step_up',
        target,
        channel,
        now: now(),
      });
      const message = {
        to: target,
        userId: user.id,
        template: 'security_code' as const,
        locale: user.locale,
        data: { code, minutes: String(CODE_POLICIES.step_up.ttlMs / 60_000) },
      };
      if (channel === 'email') await outbox.queueMail(tx, message);
      else await outbox.queueSms(tx, { ...message, voice: channel === 'voice' });
    });
    outbox.kick();
    const next = await nextSendAt(db, user.id, 'step_up', target, now());
    return { resendAvailableAt: next?.toISOString() ?? null };
  }

  return {
    async sendEmail(request: FastifyRequest): Promise<StepUpSent> {
      const user = await userOf(request);
      if (!user.isEmailVerified) {
        throw new AppError(
          409,
          'EMAIL_NOT_VERIFIED',
          'Verify your e-mail address before codes can be sent to it.',
        );
      }
      return { channel: 'email', to: maskEmail(user.email), ...(await send(user, 'email', user.email)) };
    },

    /** A code by SMS (or, with `voice`, a call) to the verified phone number (decision 0030). */
    async sendPhone(request: FastifyRequest, voice = false): Promise<StepUpSent> {
      const user = await userOf(request);
      if (!user.phoneVerifiedAt || !user.phone) {
        throw new AppError(
          409,
          'PHONE_NOT_VERIFIED',
          'Add and verify a phone number to get codes by SMS or call.',
        );
      }
      const channel = voice ? 'voice' : 'sms';
      return { channel, to: maskPhone(user.phone), ...(await send(user, channel, user.phone)) };
    },

    async push(request: FastifyRequest): Promise<StepUpSent> {
      await userOf(request);
      throw new AppError(
        409,
        'PUSH_NOT_AVAILABLE',
        'There is no mobile app to send a push code to. Use e-mail.',
      );
    },
  };
}

export type StepUp = ReturnType<typeof createStepUp>;
