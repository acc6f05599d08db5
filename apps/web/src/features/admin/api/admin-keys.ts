/** Cache keys of the staff console; everything lives under `['admin']`. */
export const adminKeys = {
  all: ['admin'] as const,
  permissions: () => ['admin', 'permissions'] as const,
  disputes: (status: string) => ['admin', 'disputes', status] as const,
  dispute: (hash: string) => ['admin', 'dispute', hash] as const,
  chargebacks: (status: string) => ['admin', 'chargebacks', status] as const,
  reports: (status: string) => ['admin', 'reports', status] as const,
  appeals: (status: string) => ['admin', 'appeals', status] as const,
  offerAppeals: (status: string) => ['admin', 'offer-appeals', status] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  user: (username: string) => ['admin', 'user', username] as const,
  outbox: (filters: Record<string, string | undefined>) => ['admin', 'outbox', filters] as const,
  verifications: (status: string, type: string) => ['admin', 'verifications', status, type] as const,
  verification: (id: number) => ['admin', 'verification', id] as const,
  payouts: (network: string) => ['admin', 'payouts', network] as const,
  audit: (filters: Record<string, string | undefined>) => ['admin', 'audit', filters] as const,
};
