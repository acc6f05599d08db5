/** Cache keys of the trades feature; everything lives under `['trades']`. */
export const tradeKeys = {
  all: ['trades'] as const,
  trade: (hash: string) => ['trades', 'trade', hash] as const,
  messages: (hash: string) => ['trades', 'messages', hash] as const,
  attachments: (hash: string) => ['trades', 'attachments', hash] as const,
  feedback: (hash: string) => ['trades', 'feedback', hash] as const,
  disputeReasons: (role: string) => ['trades', 'dispute-reasons', role] as const,
  active: () => ['trades', 'active'] as const,
  history: (status: string) => ['trades', 'history', status] as const,
};
