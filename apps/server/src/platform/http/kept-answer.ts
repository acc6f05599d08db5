import type { FastifyReply } from 'fastify';
import type { UserReadCache } from '../cache/user-reads.js';

/**
 * Answers `{ data }` from the user's kept reads (platform/cache/user-reads.ts) serialized once: the
 * route's own response serializer (which checks the answer against the contract) runs when the answer
 * is built, not on every request. `key` must name the route and everything the answer depends on.
 */
export async function sendKeptAnswer(
  reads: UserReadCache,
  reply: FastifyReply,
  userId: number,
  key: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await reads.get(userId, `${key}#json`, async () => reply.serialize({ data: await build() }));
  return reply.type('application/json; charset=utf-8').send(body);
}
