import { type TradeAction, type TradeMessage, type TradeMessageKind, type TradeStatus } from '@app/contract';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { usersRepository } from '../users/repository.js';
import { presentMessage } from './presenter.js';
import { tradesRepository, type TradeRow } from './repository.js';
import { createChatWriter, type ChatAuthor } from './chat-writer.js';
import type { ChainLock, TradesContext } from './context.js';
import type { TradeRules, TradeViewer } from './rules.js';

/** The trade chat: messages (user, attachment, system) in the caller's transaction, and the live events. */
export function createTradeChat(ctx: TradesContext, rules: TradeRules) {
  const { db, events } = ctx;
  const { access } = rules;

  const chatWriter = createChatWriter(ctx, rules);

  async function insertMessage(
    tx: Tx,
    trade: TradeRow,
    input: {
      authorId: number | null;
      kind: TradeMessageKind;
      text: string;
      attachmentId?: number | null;
      /** The SHA-256 (hex) of the attachment's file, chained into the trade record. */
      attachmentDigest?: string;
      systemEvent?: string;
      systemStatus?: TradeStatus | null;
      /** The author's name when it is at hand (saves a query). */
      authorUsername?: string;
      /** The parties' names when at hand (the trade's opening message is chained with them). */
      parties?: { buyer: string; seller: string };
      /** The trade's chain as this transaction holds it (`recordMessages`' `lock`). */
      lock?: ChainLock;
    },
  ): Promise<TradeMessage> {
    const authorUsername =
      input.authorId === null
        ? null
        : (input.authorUsername ?? (await usersRepository.findById(tx, input.authorId))?.username ?? null);
    // Every message, system status changes included, is chained in the same transaction: a row that is
    // later edited or deleted no longer matches its entry (trades:check, decision 0018). Only the
    // transaction that creates a trade writes its `trade_started` message.
    const [written] = await ctx.recordMessages(
      tx,
      [
        {
          trade,
          messages: [
            {
              authorId: input.authorId,
              authorUsername,
              kind: input.kind,
              text: input.text,
              attachmentId: input.attachmentId ?? null,
              systemEvent: input.systemEvent ?? null,
              systemStatus: input.systemStatus ?? null,
            },
          ],
          parties: input.parties,
          digests:
            input.attachmentId && input.attachmentDigest
              ? new Map([[input.attachmentId, input.attachmentDigest]])
              : undefined,
        },
      ],
      { opens: input.systemEvent === 'trade_started', lock: input.lock },
    );
    const row = written?.[0];
    if (!row) throw new Error('trade chat: the message was not written');
    return presentMessage(trade, row);
  }

  const systemMessage = (
    tx: Tx,
    trade: TradeRow,
    event: string,
    status: TradeStatus | null,
    text: string,
    chain: { parties?: { buyer: string; seller: string }; lock?: ChainLock } = {},
  ) =>
    insertMessage(tx, trade, {
      authorId: null,
      kind: 'system',
      text,
      systemEvent: event,
      systemStatus: status,
      ...chain,
    });

  function publishMessage(trade: Pick<TradeRow, 'hash' | 'buyerId' | 'sellerId'>, message: TradeMessage) {
    events.publish({
      type: 'trade.message',
      userIds: [trade.buyerId, trade.sellerId],
      tradeHash: trade.hash,
      data: message,
    });
  }

  function publishStatus(
    trade: TradeRow,
    type: 'trade.status' | 'trade.started',
    previous: TradeStatus | null,
    action: TradeAction | 'start',
    at: Date,
  ) {
    events.publish({
      type,
      userIds: [trade.buyerId, trade.sellerId],
      tradeHash: trade.hash,
      data: {
        tradeHash: trade.hash,
        status: trade.status,
        previousStatus: previous,
        action,
        at: at.toISOString(),
      },
    });
  }
  return {
    insertMessage,
    systemMessage,
    publishMessage,
    publishStatus,

    async messages(viewer: TradeViewer, hash: string, q: { after?: number; before?: number; limit: number }) {
      const { trade } = await access(hash, viewer);
      const page = await tradesRepository.messages(db, trade.id, q);
      return { messages: page.rows.map((m) => presentMessage(trade, m)), hasMore: page.hasMore };
    },

    /**
     * A user's message, written with the others posted at the same moment (chat-writer.ts) and
     * published once committed.
     */
    async postMessage(author: ChatAuthor, hash: string, text: string) {
      const { trade, message } = await chatWriter.post(author, hash, text);
      publishMessage(trade, message);
      return message;
    },

    /**
     * Adds a message to a trade's chat and returns it as `GET .../messages` shows it. Without `tx` it
     * commits and publishes `trade.message` itself. With `tx` (the caller's transaction) nothing is
     * published yet: call `publishMessage(result)` after that transaction commits.
     */
    async appendMessage(
      tx: Tx | undefined,
      input: {
        tradeId: number;
        authorId: number | null;
        kind: TradeMessageKind;
        text: string;
        attachmentId?: number | null;
        attachmentDigest?: string;
        /** For `kind: 'system'`: what happened (the web words it from the event). */
        systemEvent?: NonNullable<TradeMessage['system']>['event'];
        /** The author's name when at hand (saves a query). */
        authorUsername?: string;
      },
    ): Promise<TradeMessage> {
      const work = async (t: Tx) => {
        const trade = await tradesRepository.findById(t, input.tradeId);
        if (!trade) throw notFound('Trade not found');
        return { trade, message: await insertMessage(t, trade, input) };
      };
      if (tx) return (await work(tx)).message;
      const { trade, message } = await db.transaction(work);
      publishMessage(trade, message);
      return message;
    },

    /** Publishes a message appended inside the caller's transaction, once it has committed. */
    async publishAppended(message: TradeMessage) {
      const trade = await tradesRepository.findByHash(db, message.tradeHash);
      if (trade) publishMessage(trade, message);
    },
  };
}

export type TradeChat = ReturnType<typeof createTradeChat>;
