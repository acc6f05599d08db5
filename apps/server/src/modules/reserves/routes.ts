import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ProofOfReserves,
  adminCustodySchema,
  dataEnvelope,
  myProofOfReservesSchema,
  proofOfReservesQuerySchema,
  proofOfReservesSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import { SharedWindow } from '../../platform/cache/shared-window.js';
import type { Db } from '../../platform/db/client.js';
import type { CustodyView } from '../wallet/index.js';
import { custodyOverview } from './custody.js';
import { myProofOfReserves, proofOfReserves, type DecimalsOf } from './read.js';

export type ReservesRoutesOptions = {
  db: Db;
  views: readonly CustodyView[];
  decimalsOf: DecimalsOf;
  hotWalletTargets: Record<string, string>;
  /**
   * How long the public answer is shared (OFFER_SEARCH_CACHE_MS, the bound on every shared public page):
   * how late a new publication may show there. 0: read per request.
   */
  sharedForMs: number;
};

/** Proof of reserves (public and the caller's inclusion) and the console's custody (decision 0060). */
export const reservesRoutes: FastifyPluginAsyncZod<ReservesRoutesOptions> = async (app, options) => {
  const { db, decimalsOf } = options;
  // The public answer is the same for everyone and changes only when a snapshot is published (by any
  // instance): shared for a moment, so a busy page costs a map lookup, not four statements.
  const published = new SharedWindow<ProofOfReserves>({ ttlMs: options.sharedForMs, maxEntries: 100 });
  app.get(
    '/rest/v2/wallet/proof-of-reserves',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Proof of reserves: the published roots, liabilities and the addresses holding them',
        description:
          "The latest published proof-of-reserves snapshot (or `snapshot`, one of `history`): per coin the Merkle sum tree's root hash and total of every user's balance (liabilities, base units), how many leaves, users owing the platform, what backs it (`chain`, `simulated` demo money, `none`) and the reserves proved on chain; the operator's addresses with their on-chain balances and signed messages (BIP-322 or EIP-191) over `message`; earlier publications. `snapshot: null` before the first publication. Anyone, no login (docs/proof-of-reserves.md says what it proves and what it does not).",
        querystring: proofOfReservesQuerySchema,
        response: { 200: dataEnvelope(proofOfReservesSchema) },
      },
    },
    async (request) => {
      const { snapshot } = request.query;
      return {
        data: await published.get(String(snapshot ?? 'latest'), () =>
          proofOfReserves(db, decimalsOf, snapshot),
        ),
      };
    },
  );

  app.get(
    '/rest/v2/wallet/proof-of-reserves/me',
    {
      schema: {
        tags: ['wallet'],
        summary: 'My inclusion proofs: my leaf per coin, its salt and the path to the root',
        description:
          "The caller's leaf in each coin's tree of the latest published snapshot (or `snapshot`): the account identifier and balance hashed into it, the 32-byte salt, the leaf's position and the sibling hashes and sums up to the root. Save it and check it with `scripts/verify-reserves-proof.mjs` without trusting this server. Empty `proofs` before the first publication or when the caller had no balance then. Logged-in users.",
        querystring: proofOfReservesQuerySchema,
        response: { 200: dataEnvelope(myProofOfReservesSchema) },
      },
    },
    async (request) => ({
      data: await myProofOfReserves(db, requireUser(request).id, decimalsOf, request.query.snapshot),
    }),
  );

  app.get(
    '/rest/v1/admin/custody',
    {
      config: { permission: 'custody.view' },
      schema: {
        tags: ['admin'],
        summary: 'Hot and cold balances per coin, and what the hot wallet needs refilled',
        description:
          'Read from the chains now: per coin what the hot wallet, deposit addresses, the cold side and sweeps in progress hold (base units), the external withdrawals waiting to be sent, the float the hot wallet keeps (HOT_WALLET_TARGET) and what must move from cold to hot: waiting + target − hot, never below zero. `custody` says whether the coin is on a real chain or the simulated one.',
        response: { 200: dataEnvelope(adminCustodySchema) },
      },
    },
    async () => ({
      data: await custodyOverview({
        db,
        views: options.views,
        decimalsOf,
        hotWalletTargets: options.hotWalletTargets,
      }),
    }),
  );
};
