/** Cache keys of public profiles; everything lives under `['profile']`. */
export const profileKeys = {
  all: ['profile'] as const,
  profile: (username: string) => ['profile', 'user', username.toLowerCase()] as const,
  offers: (username: string, filters: { type: 'buy' | 'sell'; crypto: string; sort: string }) =>
    ['profile', 'offers', username.toLowerCase(), filters] as const,
  feedback: (username: string, rating: string | null) =>
    ['profile', 'feedback', username.toLowerCase(), rating ?? 'all'] as const,
};
