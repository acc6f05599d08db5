import type { ChatBlockReason, TradeMessage } from '@app/contract';
import type { Tx } from '../../platform/db/client.js';
import { createTurnBatcher, type BatchOutcome } from '../../platform/db/turn-batcher.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { UserRow } from '../users/repository.js';
import { presentMessage } from './presenter.js';
import { tradesRepository, type TradeRow } from './repository.js';
import type { ChainLock, MessagesToWrite, TradesContext } from './context.js';
import type { TradeRules, TradeViewer } from './rules.js';

/** The author of a chat post: the request's session row (writes always read it fresh). */
export type ChatAuthor = TradeViewer & Pick<UserRow, 'username' | 'accountState'>;

type Post = { author: ChatAuthor; hash: string; text: string };
type Accepted = Post & { trade: TradeRow };
export type Posted = { trade: TradeRow; message: TradeMessage };

/**
 * Users' chat posts, written in groups (group commit, platform/db/turn-batcher.ts): the posts that
 * arrive at the same moment share one transaction of four statements whatever their number: the trades
 * and the blocks between their parties, read with their record chains locked and an id drawn for each
 * post, then the messages and their record entries, written together. Each post is checked against its trade as that read finds it
 * (a stranger gets the same 404 as a missing trade; a closed chat its reason), and gets its own answer.
 * A batch that fails is retried one post at a time, in the order they came.
 */
export function createChatWriter(ctx: TradesContext, rules: Pick<TradeRules, 'roleOf' | 'chatStateFor'>) {
  const { db } = ctx;
  const { roleOf, chatStateFor } = rules;

  /** Why this post may not be written, or null. */
  async function refusalOf(tx: Tx, post: Post, found: { trade: TradeRow; blocked: boolean } | undefined) {
    const role = found ? roleOf(found.trade, post.author) : null;
    if (!found || !role) return notFound('Trade not found');
    const chat = await chatStateFor(found.trade, role, post.author, { blocked: found.blocked }, tx);
    if (chat.blockReason) return new AppError(400, chat.blockReason, chatBlockMessage(chat.blockReason));
    // Staff speak from the console, where each message leaves an audit row (decision 0052).
    return role === 'moderator' ? staffWriteFromConsole() : null;
  }

  /** Writes the accepted posts' messages with their record entries, per trade in the order they came. */
  async function insert(tx: Tx, accepted: Accepted[], lock: ChainLock): Promise<TradeMessage[]> {
    const byTrade = new Map<number, { batch: MessagesToWrite; posts: number[] }>();
    accepted.forEach((post, i) => {
      const entry = byTrade.get(post.trade.id) ?? { batch: { trade: post.trade, messages: [] }, posts: [] };
      entry.batch.messages.push({
        authorId: post.author.id,
        authorUsername: post.author.username,
        kind: 'user',
        text: post.text,
        attachmentId: null,
        systemEvent: null,
        systemStatus: null,
      });
      entry.posts.push(i);
      byTrade.set(post.trade.id, entry);
    });
    const groups = [...byTrade.values()];
    const written = await ctx.recordMessages(
      tx,
      groups.map((group) => group.batch),
      { lock },
    );
    const presented: TradeMessage[] = [];
    groups.forEach((group, g) => {
      group.posts.forEach((post, k) => {
        const row = written[g]?.[k];
        if (!row) throw new Error('chat writer: a message was not written');
        presented[post] = presentMessage(group.batch.trade, row);
      });
    });
    return presented;
  }

  async function writeBatch(tx: Tx, posts: Post[]): Promise<BatchOutcome<Posted>[]> {
    // One statement reads the trades, locks their record chains and draws an id for each post.
    const { found, lock } = await tradesRepository.findManyForChat(
      tx,
      posts.map((post) => post.hash),
      posts.length,
    );
    const outcomes: BatchOutcome<Posted>[] = [];
    const accepted: Accepted[] = [];
    const slots: number[] = [];
    for (const [i, post] of posts.entries()) {
      const trade = found.get(post.hash);
      const refusal = await refusalOf(tx, post, trade);
      if (refusal || !trade) {
        outcomes[i] = { ok: false, error: refusal };
        continue;
      }
      accepted.push({ ...post, trade: trade.trade });
      slots.push(i);
    }
    if (accepted.length > 0 && lock) {
      const messages = await insert(tx, accepted, lock);
      messages.forEach((message, k) => {
        outcomes[slots[k]!] = { ok: true, value: { trade: accepted[k]!.trade, message } };
      });
    }
    return outcomes;
  }

  const batcher = createTurnBatcher<Post, Posted>({
    maxBatch: 100,
    // A few batches at once on PostgreSQL's pool (PGlite runs them one after another anyway): a post
    // arriving while one batch commits need not wait for it.
    maxInFlight: 3,
    write: async (posts) => {
      const alone = async (post: Post): Promise<BatchOutcome<Posted>> => {
        try {
          const [outcome] = await db.transaction((tx) => writeBatch(tx, [post]));
          return outcome ?? { ok: false, error: new Error('chat writer: no outcome') };
        } catch (error) {
          return { ok: false, error };
        }
      };
      if (posts.length === 1) return [await alone(posts[0]!)];
      try {
        return await db.transaction((tx) => writeBatch(tx, posts));
      } catch {
        const outcomes: BatchOutcome<Posted>[] = [];
        for (const post of posts) outcomes.push(await alone(post));
        return outcomes;
      }
    },
  });

  return {
    /** Writes the post with the others of this moment; resolves once committed, rejects with its refusal. */
    post: (author: ChatAuthor, hash: string, text: string) => batcher.add({ author, hash, text }),
  };
}

export const chatBlockMessage = (reason: ChatBlockReason): string =>
  ({
    ChatBlocked: 'You cannot write in this chat.',
    ChatBlockedAfterTradeIsCanceled: 'This trade was cancelled; its chat is closed.',
    ChatNotAvailableYet: 'The chat is not open yet.',
    ChatNotAvailableAfterTradeCompleted: 'This trade is complete; its chat is closed.',
  })[reason];

/** Staff write in a trade chat through the console's route, never the parties' (decision 0052). */
const staffWriteFromConsole = () =>
  new AppError(
    403,
    'TRADE_FORBIDDEN_ACTION',
    'Staff write to the parties from the dispute console (POST /rest/v1/admin/disputes/{tradeId}/messages).',
  );
