import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/** One deposit address per user and coin, handed out by the chain adapter. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cryptoCode: text('crypto_code').notNull(),
    address: text('address').notNull(),
    /**
     * The index the address was derived at (BIP-32 child number, the EVM forwarder's CREATE2 salt): the
     * user's index on the coin's network (`deposit_address_indexes`). Null for rows made before indexes.
     */
    derivationIndex: integer('derivation_index'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_user_coin_key').on(t.userId, t.cryptoCode),
    uniqueIndex('deposit_addresses_address_key').on(t.cryptoCode, t.address),
  ],
);

/**
 * One derivation index per user and chain network ('BTC', 'LTC', 'EVM', 'XMR'; ETH, USDT and USDC share
 * the EVM one, so one address): handed out in order, gap-free, never to two users (decision 0055).
 */
export const depositAddressIndexes = pgTable(
  'deposit_address_indexes',
  {
    network: text('network').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    derivationIndex: integer('derivation_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposit_address_indexes_user_key').on(t.network, t.userId),
    uniqueIndex('deposit_address_indexes_index_key').on(t.network, t.derivationIndex),
    check('deposit_address_indexes_index_check', sql`${t.derivationIndex} >= 0`),
  ],
);

/**
 * `pending`: in the mempool or confirming; `confirmed`: credited; `reversed`: credited, then a
 * reorganisation took its block away and the new chain does not hold it (the credit was reversed);
 * `dropped`: pending, then gone from both the chain and the mempool (decision 0055).
 */
export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'reversed', 'dropped'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Incoming chain transactions: pending until enough confirmations, credited exactly once. */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cryptoCode: text('crypto_code').notNull(),
    address: text('address').notNull(),
    txid: text('txid').notNull(),
    /** Which payment of the transaction (ObservedTransfer.outputIndex); 0 on the simulated chain. */
    outputIndex: integer('output_index').notNull().default(0),
    /** The best chain's block that holds it; null while in the mempool (or after its block left). */
    blockHeight: bigint('block_height', { mode: 'number' }),
    blockHash: text('block_hash'),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('pending'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    /** The block it was credited in (part of the credit's ledger key). */
    creditedBlockHash: text('credited_block_hash'),
    /** The ledger transaction that took the credit back after a reorganisation. */
    reversalLedgerTransactionId: bigint('reversal_ledger_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chain_deposits_txid_key').on(t.cryptoCode, t.txid, t.outputIndex),
    index('chain_deposits_user_idx').on(t.userId, t.status),
    index('chain_deposits_pending_idx')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    // The follower's unmined credited and pending deposits, and the console's reversed ones.
    index('chain_deposits_unmined_idx')
      .on(t.cryptoCode, t.status)
      .where(sql`${t.blockHash} IS NULL`),
    index('chain_deposits_block_idx')
      .on(t.cryptoCode, t.blockHeight)
      .where(sql`${t.blockHeight} IS NOT NULL`),
    index('chain_deposits_reversed_idx')
      .on(t.reversedAt)
      .where(sql`${t.reversedAt} IS NOT NULL`),
    check('chain_deposits_amount_check', sql`${t.amount} > 0`),
    check('chain_deposits_output_index_check', sql`${t.outputIndex} >= 0`),
    check('chain_deposits_status_check', sql`${t.status} IN ('pending', 'confirmed', 'reversed', 'dropped')`),
  ],
);

/**
 * The blocks each network's follower has read (chain/follower.ts): the last CHAIN_BLOCK_WINDOW of its
 * best chain, compared with the node's to find a reorganisation.
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    network: text('network').notNull(),
    height: bigint('height', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.network, t.height] })],
);

/**
 * One row per followed network: the follower's lock (a pass holds it FOR UPDATE; another instance skips
 * it) and where it is (the height and hash of the last block read).
 */
export const chainFollowers = pgTable('chain_followers', {
  network: text('network').primaryKey(),
  height: bigint('height', { mode: 'number' }),
  hash: text('hash'),
  /** The source's tip at the last pass: how far behind the follower is. */
  tipHeight: bigint('tip_height', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * `awaiting_approval`: above WITHDRAW_APPROVAL_USD, waits for two staff members (issue 27); `pending`:
 * ready for the chain (on a real chain, `payout_id` says which transaction carries it once one does);
 * `rejected`: staff refused it and the amount went back to the user; `failed`: the chain refused it.
 */
export const PAYOUT_STATUSES = ['broadcast', 'confirmed', 'replaced', 'failed'] as const;

/**
 * One signed chain transaction that pays external withdrawals from the hot wallet (issue 27): a Bitcoin
 * or Litecoin batch pays many, an EVM transaction one. A stuck one is replaced by a new row with the same
 * inputs (RBF) or the same nonce and a higher fee; the old row becomes `replaced`. Which of the two the
 * chain confirmed is the one whose txid it has.
 */
export const chainPayouts = pgTable(
  'chain_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'BTC', 'LTC' or 'EVM', as BlockSource.network. */
    network: text('network').notNull(),
    txid: text('txid').notNull(),
    /** The signed transaction, hex: rebroadcast as it is until it confirms or is replaced. */
    rawTx: text('raw_tx').notNull(),
    /** The chain fee it pays, in base units of the network's own coin (satoshis, litoshis, wei). */
    fee: numeric('fee', { precision: 78, scale: 0 }).notNull(),
    /** The sender's nonce on the EVM chain; null on Bitcoin and Litecoin. */
    nonce: bigint('nonce', { mode: 'number' }),
    /** The payout this one replaced with a higher fee. */
    replacesId: bigint('replaces_id', { mode: 'number' }),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('broadcast'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chain_payouts_txid_key').on(t.network, t.txid),
    // One live transaction per nonce: a replacement marks the old one `replaced` in the same transaction.
    uniqueIndex('chain_payouts_live_nonce_key')
      .on(t.network, t.nonce)
      .where(sql`${t.nonce} IS NOT NULL AND ${t.status} IN ('broadcast', 'confirmed')`),
    index('chain_payouts_open_idx')
      .on(t.network, t.status)
      .where(sql`${t.status} = 'broadcast'`),
    check('chain_payouts_fee_check', sql`${t.fee} >= 0`),
    check('chain_payouts_status_check', sql`${t.status} IN ('broadcast', 'confirmed', 'replaced', 'failed')`),
  ],
);

/**
 * The hot wallet's outputs a payout spends (issue 27, decision 0057): one row per output, the unique key
 * on (network, txid, vout) makes two batchers (two instances at once) unable to spend one output twice.
 * `payout_id` is the first payout of a replacement chain (its RBF replacements spend the same outputs).
 * Rows of a payout that failed are deleted, so its outputs can be spent again.
 */
export const chainPayoutInputs = pgTable(
  'chain_payout_inputs',
  {
    network: text('network').notNull(),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    /** Satoshis (litoshis): what the output holds, needed to sign a replacement. */
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    payoutId: bigint('payout_id', { mode: 'number' })
      .notNull()
      .references(() => chainPayouts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_payout_inputs_outpoint_key').on(t.network, t.txid, t.vout),
    index('chain_payout_inputs_payout_idx').on(t.payoutId),
    check('chain_payout_inputs_value_check', sql`${t.value} > 0 AND ${t.vout} >= 0`),
  ],
);

/**
 * One row per network: the batcher of a network holds its row lock (FOR UPDATE SKIP LOCKED) while it
 * claims withdrawals and outputs and records the signed payout, so one instance at a time builds a
 * network's batch and the others skip the pass.
 */
export const chainPayoutLocks = pgTable('chain_payout_locks', {
  network: text('network').primaryKey(),
  /** When a batch last ran on this network (shown in the console). */
  lastBatchAt: timestamp('last_batch_at', { withTimezone: true }),
});

export const WITHDRAWAL_STATUSES = [
  'awaiting_approval',
  'pending',
  'completed',
  'rejected',
  'failed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Send-outs: to an external address (pending until the chain takes it) or to another user (instant). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Opaque public id used on the wire and in ledger keys. */
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cryptoCode: text('crypto_code').notNull(),
    kind: text('kind', { enum: ['external', 'internal'] }).notNull(),
    address: text('address'),
    recipientUserId: integer('recipient_user_id').references(() => users.id),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    networkFee: numeric('network_fee', { precision: 78, scale: 0 }).notNull().default('0'),
    /**
     * What the amount was worth in USD when it was requested: the KYC level's withdrawal limit adds these
     * up over its window (decision 0037). Null for withdrawals made before the limit existed (they count
     * as nothing).
     */
    amountUsd: numeric('amount_usd', { precision: 30, scale: 8 }),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    txid: text('txid'),
    /** The chain transaction that pays it (a Bitcoin batch pays many; an EVM one pays one). */
    payoutId: bigint('payout_id', { mode: 'number' }).references(() => chainPayouts.id),
    /** The client's Idempotency-Key: a retried request returns the first withdrawal. */
    clientKey: text('client_key'),
    /**
     * With a client key: sha256 of the canonical request (coin, amount in base units, target), so the
     * same key with another request is refused instead of answered with this withdrawal.
     */
    requestHash: text('request_hash'),
    failureReason: text('failure_reason'),
    /**
     * Staff approvals it needed when it was requested: 2 when it was worth more than WITHDRAW_APPROVAL_USD
     * (it was created `awaiting_approval`), 0 otherwise (decision 0058).
     */
    requiredApprovals: integer('required_approvals').notNull().default(0),
    /** Why staff rejected it (status `rejected`): shown to the user. */
    rejectionReason: text('rejection_reason'),
    /** When it left the approval queue: its last approval or its rejection. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_public_id_key').on(t.publicId),
    uniqueIndex('withdrawals_client_key').on(t.userId, t.clientKey),
    index('withdrawals_user_idx').on(t.userId, t.id),
    // The withdrawal limit's window: a user's send-outs of the last days only.
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt),
    index('withdrawals_pending_idx')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    // The console's approval queue, oldest first.
    index('withdrawals_awaiting_approval_idx')
      .on(t.id)
      .where(sql`${t.status} = 'awaiting_approval'`),
    check('withdrawals_required_approvals_check', sql`${t.requiredApprovals} >= 0`),
    check('withdrawals_amount_check', sql`${t.amount} > 0 AND ${t.networkFee} >= 0`),
    check('withdrawals_kind_check', sql`${t.kind} IN ('external', 'internal')`),
    check(
      'withdrawals_status_check',
      sql`${t.status} IN ('awaiting_approval', 'pending', 'completed', 'rejected', 'failed')`,
    ),
    index('withdrawals_payout_idx')
      .on(t.payoutId)
      .where(sql`${t.payoutId} IS NOT NULL`),
    check(
      'withdrawals_target_check',
      sql`(${t.kind} = 'external' AND ${t.address} IS NOT NULL) OR (${t.kind} = 'internal' AND ${t.recipientUserId} IS NOT NULL)`,
    ),
  ],
);

/**
 * The staff approvals of a withdrawal that waited in the four-eyes queue (decision 0058): one row per
 * staff member, never two (the unique key), never the withdrawing user (checked under the withdrawal's
 * row lock). The approval that reaches `required_approvals` moves the withdrawal to `pending`.
 */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('withdrawal_approvals_staff_key').on(t.withdrawalId, t.staffId)],
);

/**
 * Until when a user's bond in a coin must stay deposited: set by the trades module to the last trade on a
 * bond-requiring offer plus the hold period (docs/decisions/0007-wallet-and-bonds.md).
 */
export const bondHolds = pgTable(
  'bond_holds',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cryptoCode: text('crypto_code').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('bond_holds_user_coin_key').on(t.userId, t.cryptoCode)],
);

/**
 * The simulated chain's clock: one row. A block is mined by whichever instance's conditional UPDATE
 * moves `mined_at` forward first, so several instances never mine the same block twice.
 */
export const simulatedChainState = pgTable('simulated_chain_state', {
  id: integer('id').primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull().default(0),
  minedAt: timestamp('mined_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sweep of one EVM forwarder (decision 0059): the hot wallet's transaction (a `chain_payouts` row with
 * no withdrawals: it takes a nonce like any other) that deploys the forwarder of `forwarder_index` if
 * needed and flushes its ETH and tokens to the hot wallet. Its gas is the operator's (`network_costs`),
 * booked once when it confirms; the coins swept stay the platform's custody (no user movement).
 */
export const evmSweeps = pgTable(
  'evm_sweeps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The CREATE2 salt: the user's EVM deposit index. */
    forwarderIndex: bigint('forwarder_index', { mode: 'number' }).notNull(),
    forwarder: text('forwarder').notNull(),
    payoutId: bigint('payout_id', { mode: 'number' })
      .notNull()
      .references(() => chainPayouts.id),
    /** What the forwarder held when the sweep was signed, per coin (base units), for the console. */
    ethAmount: numeric('eth_amount', { precision: 78, scale: 0 }).notNull().default('0'),
    tokenAmounts: text('token_amounts').notNull().default('{}'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evm_sweeps_payout_key').on(t.payoutId),
    index('evm_sweeps_forwarder_idx').on(t.forwarderIndex, t.id),
  ],
);
