import type { FastifyReply } from 'fastify';
import type { UserReadCache } from '../cache/user-reads.js';

/**
 * Answers `{ data }` from the user's kept reads (platform/cache/user-reads.ts) serialized once: the
 * route's own response serializer (which checks the answer against the contract) runs when the answer
 * is built, not on every request. `key` must name the route and everything the answer depends on;
 * `build` answers the data and, optionally, when it changes by time alone (`until`, epoch ms) and the
 * other users whose data it shows (`others`).
 */
export async function sendKeptAnswer(
  reads: UserReadCache,
  reply: FastifyReply,
  userId: number,
  key: string,
  build: () => Promise<{ data: unknown; until?: number | null; others?: readonly number[] }>,
): Promise<FastifyReply> {
  const { body } = await reads.get(
    userId,
    `${key}#json`,
    async () => {
      const { data, until = null, others = [] } = await build();
      return { body: reply.serialize({ data }), until, others };
    },
    { validUntil: (kept) => kept.until, dependsOn: (kept) => kept.others },
  );
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * The earliest moment still ahead in an answer (any `{ timestamp }` in seconds, the spec's time shape,
 * at any depth), in epoch ms, or null. A trade's answer changes at such a moment: the payment window
 * ends, a dispute becomes available, the appeal window and the chat close. A timestamp is the moment's
 * second cut down, so one whose second is running now may still be ahead: it answers that second's
 * start (the answer is then not kept), never a moment already passed.
 */
export function nextMomentIn(value: unknown, nowMs: number): number | null {
  let next: number | null = null;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const { timestamp } = node as { timestamp?: unknown };
    if (typeof timestamp === 'number') {
      const at = timestamp * 1000;
      if (at + 1000 > nowMs && (next === null || at < next)) next = at;
      return;
    }
    for (const inner of Object.values(node)) visit(inner);
  };
  visit(value);
  return next;
}
