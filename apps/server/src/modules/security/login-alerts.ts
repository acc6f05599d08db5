import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { mailTime, type Outbox } from '../../platform/mail/index.js';
import type { UserRow } from '../users/repository.js';
import { deviceLabel } from './device.js';

/** The mail a login from a browser the account has not used before sends to its owner (decision 0027). */
export function createLoginAlerts({
  db,
  outbox,
  now = () => new Date(),
}: {
  db: Db;
  outbox: Outbox;
  now?: () => Date;
}) {
  return {
    async newDevice(user: UserRow, request: FastifyRequest) {
      const when = mailTime(user, now());
      await outbox.queueMail(db, {
        to: user.email,
        userId: user.id,
        template: 'new_device_login',
        locale: user.locale,
        data: {
          when,
          ip: request.ip,
          device:
            deviceLabel(request.headers['user-agent']) ??
            (user.locale === 'es' ? 'un navegador' : 'a browser'),
        },
      });
      outbox.kick();
    },
  };
}
