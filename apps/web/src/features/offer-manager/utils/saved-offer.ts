import { z } from 'zod';

/**
 * What the editor hands the my-offers page after a save (router location state): the server's answer
 * (`{ idHashed, isActive, depositInfo.isBondInsufficient }`), the coin (for the bond link) and whether
 * the offer is new. Read back with a schema: location state survives reloads and may be anything.
 */
export const savedOfferNoticeSchema = z.object({
  idHashed: z.string(),
  isActive: z.boolean(),
  isBondInsufficient: z.boolean(),
  crypto: z.string(),
  mode: z.enum(['created', 'updated']),
});
export type SavedOfferNotice = z.infer<typeof savedOfferNoticeSchema>;

export function readSavedOfferNotice(state: unknown): SavedOfferNotice | null {
  const parsed = z.object({ savedOffer: savedOfferNoticeSchema }).safeParse(state);
  return parsed.success ? parsed.data.savedOffer : null;
}
