/** Cache keys of the offer page and the favourites page; everything lives under `['offer']`. */
export const offerKeys = {
  all: ['offer'] as const,
  view: (id: string) => ['offer', 'view', id] as const,
  paymentMethod: (slug: string, locale: string) => ['offer', 'payment-method', slug, locale] as const,
  feedback: (hash: string) => ['offer', 'feedback', hash] as const,
  report: (hash: string) => ['offer', 'report', hash] as const,
  favorites: (filters: { type: string | null; sort: string }) => ['offer', 'favorites', filters] as const,
  allFavorites: () => ['offer', 'favorites'] as const,
};
